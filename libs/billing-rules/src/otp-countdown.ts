import type { OtpData, UnixSeconds } from '@merchant-hub/domain';

/**
 * Spec §4: the countdown runs `seconds_of_validation` after the code was sent, or `attempts_ban_seconds`
 * after the last attempt once no attempts are left (the ban outranks the code's validity). Rounded up so the
 * screen never shows 0:00 while resending is still refused; never negative.
 */
export const otpCountdownSeconds = (otp: OtpData, nowSeconds: UnixSeconds): number => {
  let endsAt: number | null = null;
  if (otp.mobile_attempts_left <= 0 && otp.mobile_last_attempt_date !== null) {
    endsAt = otp.mobile_last_attempt_date + otp.attempts_ban_seconds;
  } else if (otp.mobile_verify_code_sent_at !== null) {
    endsAt = otp.mobile_verify_code_sent_at + otp.seconds_of_validation;
  }
  return endsAt === null ? 0 : Math.max(0, Math.ceil(endsAt - nowSeconds));
};

/** Resend is offered when the countdown hits 0. */
export const canResend = (otp: OtpData, nowSeconds: UnixSeconds): boolean => otpCountdownSeconds(otp, nowSeconds) === 0;

/** m:ss, minutes unpadded: 65 → '1:05', 600 → '10:00'; negative or non-finite input shows '0:00'. */
export const formatCountdown = (seconds: number): string => {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
};
