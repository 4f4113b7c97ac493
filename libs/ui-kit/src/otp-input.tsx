import { Box, Input, PinInput, Stack } from '@mantine/core';
import { useId } from 'react';
import type { KeyboardEvent, Ref } from 'react';

export const OTP_LENGTH = 6;

export type OtpInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** Called once all six digits are in, e.g. to submit without a click. */
  onComplete?: (value: string) => void;
  label: string;
  /** A message about the code as typed (shown under the boxes). */
  error?: string | null;
  /** The code was refused elsewhere (a message shown by the caller): the boxes are marked invalid all the same. */
  invalid?: boolean;
  /** The id of that message, read with the boxes. */
  errorId?: string;
  disabled?: boolean;
  /** Focus the first box when the boxes appear. */
  autoFocus?: boolean;
  /** The first box, e.g. to bring focus back to it after a refused code. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Enter submits the form the boxes are in, as in any text field: the pin input swallows keys other than digits
 * and moves, Enter among them, so the form's implicit submission is done here.
 */
const submitOnEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key !== 'Enter') return;
  const form = (event.target as HTMLElement).closest('form');
  if (!form) return;
  event.preventDefault();
  form.requestSubmit();
};

/** Six single-digit boxes; pasting a whole code fills them all and the browser may offer an SMS code. */
export const OtpInput = ({ value, onChange, onComplete, label, error, invalid = false, errorId, disabled = false, autoFocus = false, inputRef }: OtpInputProps) => {
  const ownErrorId = useId();
  const describedBy = [error ? ownErrorId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={6} align="center">
      <Input.Label>{label}</Input.Label>
      <Box onKeyDownCapture={submitOnEnter}>
        <PinInput
          ref={inputRef}
          length={OTP_LENGTH}
          type="number"
          inputMode="numeric"
          oneTimeCode
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={Boolean(error) || invalid}
          disabled={disabled}
          autoFocus={autoFocus}
          size="md"
          gap="xs"
          aria-label={label}
          // On the boxes' group: Mantine writes each box's own aria-describedby (empty outside an input wrapper).
          aria-describedby={describedBy}
          getInputProps={(index) => ({ 'aria-label': `${label} ${index + 1}` })}
        />
      </Box>
      {error ? (
        <Input.Error id={ownErrorId} role="alert">
          {error}
        </Input.Error>
      ) : null}
    </Stack>
  );
};
