// The auth module's public surface: sign-in, sessions and one-time codes for the modules that sign people in.
export { authModule } from './auth.module';
export { createAuthService, type LoginResult, type RequestMeta } from './auth.service';
export { createOneTimeCodes, OTP_BAN_SECONDS, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_VALIDITY_SECONDS } from './one-time-code.service';
export { createSessions, revokeAllSessionsOf, SESSION_TTL_SECONDS } from '../sessions';
