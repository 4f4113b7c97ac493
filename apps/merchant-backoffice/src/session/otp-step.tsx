import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { OtpData } from '@merchant-hub/domain';
import { otpCountdownSeconds } from '@merchant-hub/billing-rules';
import { CountdownText, OTP_LENGTH, OtpInput, useSecondsLeft } from '@merchant-hub/ui-kit';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type OtpStepProps = {
  email: string;
  otpData: OtpData | null;
  /** Translated message of the last failure (invalid, expired, banned...). */
  error: string | null;
  submitting: boolean;
  resending: boolean;
  /** The mail server has not taken the code yet (queued, retried): say so instead of leaving the user waiting. */
  mailDelayed?: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
};

const nowSeconds = () => Date.now() / 1000;

/** When the countdown of spec §4 ends, in unix seconds, as of the moment the code data arrived. */
export const countdownEndsAt = (otpData: OtpData | null, now: number = nowSeconds()): number | null =>
  otpData ? now + otpCountdownSeconds(otpData, now) : null;

/** The 6-digit code screen: countdown m:ss, attempts left, resend once the countdown is over, back to login. */
export const OtpStep = ({ email, otpData, error, submitting, resending, mailDelayed = false, onSubmit, onResend, onBack }: OtpStepProps) => {
  const { t } = useTranslation(['auth', 'validation']);
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const endsAt = useMemo(() => countdownEndsAt(otpData), [otpData]);
  const secondsLeft = useSecondsLeft(endsAt);
  const attemptsLeft = otpData?.mobile_attempts_left ?? null;
  const locked = attemptsLeft !== null && attemptsLeft <= 0;
  const firstBox = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // A refused code (the boxes were disabled while it was checked): focus goes back to the boxes, marked invalid.
  useEffect(() => {
    if (error && !submitting && !locked) firstBox.current?.focus();
  }, [error, submitting, locked]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setLocalError(t('validation:otp.codeRequired'));
      return;
    }
    setLocalError(null);
    onSubmit(code);
  };
  const handleResend = () => {
    setCode('');
    setLocalError(null);
    onResend();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          {/* Banned (no attempts left): no code is waiting to be typed, so the screen says why instead. */}
          <Title order={1} size="h3">
            {locked ? t('auth:otp.lockedTitle') : t('auth:otp.title')}
          </Title>
          <Text c="dimmed" size="sm" data-testid="otp-subtitle">
            {locked ? t('auth:otp.lockedSubtitle', { email }) : t('auth:otp.subtitle', { email })}
          </Text>
        </Stack>
        {mailDelayed ? (
          <Alert color="yellow" role="status" data-testid="otp-mail-delayed">
            {t('auth:otp.mailDelayed')}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" data-testid="otp-error" id={errorId}>
            {error}
          </Alert>
        ) : null}
        <OtpInput
          value={code}
          onChange={setCode}
          label={t('auth:otp.label')}
          error={localError}
          invalid={Boolean(error)}
          errorId={errorId}
          disabled={locked || submitting}
          autoFocus={!locked}
          inputRef={firstBox}
        />
        <Group justify="space-between">
          {attemptsLeft !== null ? (
            <Text size="sm" c={attemptsLeft <= 1 ? 'red' : 'dimmed'} data-testid="attempts-left">
              {t('auth:otp.attemptsLeft', { count: Math.max(0, attemptsLeft) })}
            </Text>
          ) : (
            <span />
          )}
          {secondsLeft > 0 ? (
            <Text size="sm" c="dimmed" data-testid="otp-countdown">
              {locked ? t('auth:otp.lockedFor') : t('auth:otp.resendIn')} <CountdownText seconds={secondsLeft} />
            </Text>
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={handleResend} disabled={resending}>
              {t('auth:otp.resend')}
            </Anchor>
          )}
        </Group>
        <Button type="submit" fullWidth loading={submitting} disabled={locked}>
          {t('auth:otp.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('auth:otp.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
};
