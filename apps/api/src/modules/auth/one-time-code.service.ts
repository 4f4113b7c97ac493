import type { OtpData } from '@merchant-hub/domain';
import type { Clock } from '../../clock';
import { addSeconds, unixSeconds } from '../../clock';
import type { Db } from '../../db/knex';
import { hmacCode, newSixDigitCode, safeEqualHex } from '../../security/crypto';
import { findCode, findCodeForUpdate, insertCode, updateCode, type CodePurpose, type CodeRecord } from './auth.repository';
import { inTransaction } from '../../db/rows';

/** The numbers behind "a code cannot be guessed"; README.md explains the choice. */
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_VALIDITY_SECONDS = 300;
export const OTP_BAN_SECONDS = 900;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** A verified sign-in code must be turned into a session within this window. */
export const OTP_VERIFIED_LOGIN_WINDOW_SECONDS = 600;

export type IssueResult =
  | { outcome: 'sent'; code: string; state: CodeRecord }
  | { outcome: 'cooldown'; state: CodeRecord }
  | { outcome: 'banned'; state: CodeRecord };

export type VerifyResult =
  | { outcome: 'verified'; state: CodeRecord }
  | { outcome: 'banned' | 'expired' | 'invalid' | 'missing'; state: CodeRecord | undefined };

export type OneTimeCodes = {
  issue: (purpose: CodePurpose, subject: string, userId: number | null) => Promise<IssueResult>;
  verify: (purpose: CodePurpose, subject: string, code: string) => Promise<VerifyResult>;
  consumeVerified: (purpose: CodePurpose, subject: string) => Promise<boolean>;
  current: (purpose: CodePurpose, subject: string) => Promise<CodeRecord | undefined>;
  otpData: (email: string, state: CodeRecord | undefined) => OtpData;
};

/**
 * One row per (purpose, subject). Attempts survive a resend (a resend never buys more guesses); they are
 * restored only by a correct code or when a ban has run out.
 */
export const createOneTimeCodes = (deps: { db: Db; clock: Clock; secret: string }): OneTimeCodes => {
  const { db, clock, secret } = deps;
  const isBanned = (state: CodeRecord, now: Date) => state.bannedUntil !== null && state.bannedUntil > now;
  const banLapsed = (state: CodeRecord, now: Date) => state.bannedUntil !== null && state.bannedUntil <= now;

  const issue: OneTimeCodes['issue'] = (purpose, subject, userId) =>
    inTransaction(db, async (trx) => {
      const now = clock.now();
      const existing = await findCodeForUpdate(trx, purpose, subject);
      if (existing && isBanned(existing, now)) return { outcome: 'banned', state: existing };
      const cooling =
        existing?.codeHash && existing.sentAt && existing.expiresAt && existing.expiresAt > now && addSeconds(existing.sentAt, OTP_RESEND_COOLDOWN_SECONDS) > now;
      if (existing && cooling && !banLapsed(existing, now)) return { outcome: 'cooldown', state: existing };
      const code = newSixDigitCode();
      const changes = {
        code_hash: hmacCode(secret, purpose, subject, code),
        sent_at: now,
        expires_at: addSeconds(now, OTP_VALIDITY_SECONDS),
        verified_at: null,
        user_id: userId,
        ...(existing && !banLapsed(existing, now) ? {} : { attempts_left: OTP_MAX_ATTEMPTS, banned_until: null, last_attempt_at: null }),
      };
      if (existing) await updateCode(trx, existing.id, changes, now);
      else await insertCode(trx, purpose, subject, { ...changes, attempts_left: OTP_MAX_ATTEMPTS }, now);
      const state = (await findCodeForUpdate(trx, purpose, subject)) as CodeRecord;
      return { outcome: 'sent', code, state };
    });

  const verify: OneTimeCodes['verify'] = (purpose, subject, code) =>
    inTransaction(db, async (trx) => {
      const now = clock.now();
      const state = await findCodeForUpdate(trx, purpose, subject);
      if (!state) return { outcome: 'missing', state };
      if (isBanned(state, now)) return { outcome: 'banned', state };
      if (banLapsed(state, now)) {
        // The ban ran out: the old code died with it, the attempts come back.
        await updateCode(trx, state.id, { attempts_left: OTP_MAX_ATTEMPTS, banned_until: null, code_hash: null }, now);
        return { outcome: 'expired', state: await findCodeForUpdate(trx, purpose, subject) };
      }
      if (!state.codeHash || !state.expiresAt) return { outcome: 'missing', state };
      if (state.expiresAt <= now) return { outcome: 'expired', state };
      if (safeEqualHex(state.codeHash, hmacCode(secret, purpose, subject, code))) {
        await updateCode(trx, state.id, { code_hash: null, verified_at: now, attempts_left: OTP_MAX_ATTEMPTS, last_attempt_at: now }, now);
        return { outcome: 'verified', state: (await findCodeForUpdate(trx, purpose, subject)) as CodeRecord };
      }
      const attemptsLeft = Math.max(0, state.attemptsLeft - 1);
      const banned = attemptsLeft === 0;
      await updateCode(
        trx,
        state.id,
        { attempts_left: attemptsLeft, last_attempt_at: now, ...(banned ? { banned_until: addSeconds(now, OTP_BAN_SECONDS), code_hash: null } : {}) },
        now,
      );
      return { outcome: banned ? 'banned' : 'invalid', state: await findCodeForUpdate(trx, purpose, subject) };
    });

  const consumeVerified: OneTimeCodes['consumeVerified'] = (purpose, subject) =>
    inTransaction(db, async (trx) => {
      const now = clock.now();
      const state = await findCodeForUpdate(trx, purpose, subject);
      if (!state?.verifiedAt || addSeconds(state.verifiedAt, OTP_VERIFIED_LOGIN_WINDOW_SECONDS) <= now) return false;
      await updateCode(trx, state.id, { verified_at: null }, now);
      return true;
    });

  const otpData: OneTimeCodes['otpData'] = (email, state) => ({
    email,
    mobile_attempts_left: state ? state.attemptsLeft : OTP_MAX_ATTEMPTS,
    mobile_verify_code_sent_at: state?.sentAt ? unixSeconds(state.sentAt) : null,
    seconds_of_validation: OTP_VALIDITY_SECONDS,
    mobile_last_attempt_date: state?.lastAttemptAt ? unixSeconds(state.lastAttemptAt) : null,
    attempts_ban_seconds: OTP_BAN_SECONDS,
  });

  return { issue, verify, consumeVerified, current: (purpose, subject) => findCode(db, purpose, subject), otpData };
};
