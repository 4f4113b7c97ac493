import { Input, PinInput, Stack } from '@mantine/core';

export const OTP_LENGTH = 6;

export type OtpInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** Called once all six digits are in, e.g. to submit without a click. */
  onComplete?: (value: string) => void;
  label: string;
  error?: string | null;
  disabled?: boolean;
};

/** Six single-digit boxes; pasting a whole code fills them all and the browser may offer an SMS code. */
export const OtpInput = ({ value, onChange, onComplete, label, error, disabled = false }: OtpInputProps) => (
  <Stack gap={6} align="center">
    <Input.Label>{label}</Input.Label>
    <PinInput
      length={OTP_LENGTH}
      type="number"
      inputMode="numeric"
      oneTimeCode
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      error={Boolean(error)}
      disabled={disabled}
      size="md"
      gap="xs"
      aria-label={label}
      getInputProps={(index) => ({ 'aria-label': `${label} ${index + 1}` })}
    />
    {error ? <Input.Error role="alert">{error}</Input.Error> : null}
  </Stack>
);
