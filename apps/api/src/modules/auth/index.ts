// The auth module's public surface: sign-in, sessions and one-time codes for the modules that sign people in.
export { authModule } from './auth.module';
export { createAuthService, type LoginResult, type RequestMeta } from './auth.service';
export { createOneTimeCodes, OTP_BAN_SECONDS, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_VALIDITY_SECONDS } from './one-time-code.service';
export { createSessions, SESSION_TTL_SECONDS } from '../sessions';
/** Ends every session of a user inside the caller's transaction (staff deactivation). */
export { revokeAllSessionsOf } from './auth.repository';
