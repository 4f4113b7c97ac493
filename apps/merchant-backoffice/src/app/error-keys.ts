import { errorMessageKeys, isApiError } from '@merchant-hub/api-client';

// Texts that already exist for these codes, tried after the API's own key and before the generic text for
// the status, so a screen reads right whichever way the errors namespace is organised.
const KNOWN_TEXTS: Readonly<Record<string, string>> = {
  invalid_credentials: 'errors:login.invalidCredentials',
  login_refused: 'errors:login.noRole',
  otp_banned: 'errors:login.otpBanned',
  otp_expired: 'errors:login.otpExpired',
  otp_invalid: 'errors:login.otpInvalid',
  otp_required: 'errors:login.failToSubmitOTP',
  out_of_credit: 'errors:login.outOfCredit',
  fail_to_send_email: 'errors:reset.sendEmailFailed',
  token_invalid: 'errors:general.notFound',
  email_taken: 'errors:register.emailAlreadySignUp',
  phone_taken: 'errors:register.phoneExists',
  registration_invalid: 'errors:register.dataError',
  registration_not_found: 'errors:register.dataError',
  trial_attempt_limit: 'errors:register.attemptLimit',
  trial_code_expired: 'errors:register.codeExpired',
  trial_code_invalid: 'errors:register.otpError',
  trial_resend_too_soon: 'errors:register.resendOtp',
  merchant_creation_failed: 'errors:wizard.failed',
  session_expired: 'errors:general.sessionExpired',
};

/** i18n keys for an error, most specific first, for `t(keys)`. */
export const messageKeysOf = (error: unknown): string[] => {
  const keys = errorMessageKeys(error);
  if (!isApiError(error)) return keys;
  const generic = keys[keys.length - 1];
  const specific = keys.slice(0, -1);
  // An API key without a namespace names a text of the errors namespace.
  if (error.key && !error.key.includes(':')) specific.push(`errors:${error.key}`);
  const known = KNOWN_TEXTS[error.code];
  if (known) specific.push(known);
  return [...specific, generic];
};

/** Values the error texts interpolate (`{{extra_info}}` of out_of_credit). */
export const messageValuesOf = (error: unknown): Record<string, string> => {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return {};
  const body = error.body as Record<string, unknown>;
  return typeof body.extra_info === 'string' ? { extra_info: body.extra_info } : {};
};
