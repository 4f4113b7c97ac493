import type { OtpData } from '@merchant-hub/domain';
import { canResend, formatCountdown, otpCountdownSeconds } from '../index';

const base: OtpData = {
  email: 'merchant-my@demo.test',
  mobile_attempts_left: 3,
  mobile_verify_code_sent_at: 1_000_000,
  seconds_of_validation: 300,
  mobile_last_attempt_date: null,
  attempts_ban_seconds: 900,
};

describe('otpCountdownSeconds', () => {
  it('counts the validity down from when the code was sent', () => {
    expect(otpCountdownSeconds(base, 1_000_100)).toBe(200);
  });

  it('counts the ban down from the last attempt once no attempts are left', () => {
    const banned = { ...base, mobile_attempts_left: 0, mobile_last_attempt_date: 1_000_200 };
    expect(otpCountdownSeconds(banned, 1_000_300)).toBe(800);
  });

  it('uses the validity while attempts remain, even after an attempt', () => {
    const tried = { ...base, mobile_attempts_left: 1, mobile_last_attempt_date: 1_000_200 };
    expect(otpCountdownSeconds(tried, 1_000_250)).toBe(50);
  });

  it('falls back to the validity when no attempts are left but no attempt date is known', () => {
    expect(otpCountdownSeconds({ ...base, mobile_attempts_left: 0 }, 1_000_010)).toBe(290);
  });

  it('is 0 when no code was sent', () => {
    expect(otpCountdownSeconds({ ...base, mobile_verify_code_sent_at: null }, 1_000_010)).toBe(0);
  });

  it('never goes negative', () => {
    expect(otpCountdownSeconds(base, 2_000_000)).toBe(0);
  });

  it('rounds a fractional clock up', () => {
    expect(otpCountdownSeconds(base, 1_000_299.4)).toBe(1);
  });
});

describe('canResend', () => {
  it('is refused while the countdown runs and offered at 0', () => {
    expect(canResend(base, 1_000_299)).toBe(false);
    expect(canResend(base, 1_000_300)).toBe(true);
  });
});

describe('formatCountdown', () => {
  it.each([
    [65, '1:05'],
    [0, '0:00'],
    [600, '10:00'],
    [59, '0:59'],
    [3_661, '61:01'],
    [9.8, '0:09'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ])('shows %d seconds as %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });
});
