import type { ErrorCode } from '@merchant-hub/validation';

/** Codes the client itself raises when no answer from the API could be read. */
export type ClientErrorCode = 'timeout' | 'network_error' | 'http_error' | 'invalid_response';

/**
 * A code an `ApiError` can carry that this client knows: the API's (`ErrorCode`, shared with it through
 * `@merchant-hub/validation`) or the client's own. Screens branch on these with {@link hasErrorCode}, so a
 * misspelt or retired code fails to compile instead of never matching.
 */
export type KnownErrorCode = ErrorCode | ClientErrorCode;

/** Field name → i18n message key, as the API reports invalid input. */
export type FieldErrors = Record<string, string>;

export type ApiErrorInit = {
  status: number;
  /**
   * The API's error code (`otp_banned`, `validation_failed`...) or a {@link ClientErrorCode}; a code this client
   * does not know (a newer API, a legacy answer) is kept as the string it was.
   */
  code: KnownErrorCode | (string & {});
  message: string;
  /** The i18n key the API suggests for this error, when it sends one. */
  key?: string;
  details?: FieldErrors;
  isTimeout?: boolean;
  /** The whole parsed body: some calls put data the screen needs beside the error (`otp_data`, `extra_info`). */
  body?: unknown;
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: KnownErrorCode | (string & {});
  readonly key: string | undefined;
  readonly details: FieldErrors;
  readonly isTimeout: boolean;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.key = init.key;
    this.details = init.details ?? {};
    this.isTimeout = init.isTimeout ?? false;
    this.body = init.body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Whether `error` is an `ApiError` with one of these codes. */
export const hasErrorCode = (error: unknown, ...codes: KnownErrorCode[]): error is ApiError =>
  isApiError(error) && (codes as readonly string[]).includes(error.code);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringEntries = (value: unknown): FieldErrors | undefined => {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

// The API nests field errors as `details.fields`; a flat map of strings is read the same way.
// A card refusal's `decline_code` (declineKeyOf) is about the card, not a form field.
const fieldErrorsOf = (details: unknown): FieldErrors | undefined => {
  if (!isRecord(details)) return undefined;
  if (isRecord(details.fields)) return stringEntries(details.fields);
  const { decline_code: _card, ...fields } = details;
  return stringEntries(fields);
};

/**
 * Reads an error answer: the current `{ error: { code, message, key?, details? } }` shape, the legacy
 * `{ error: 'banned', message }` one, or anything else (kept as `http_error` with the status).
 */
export const parseApiError = (status: number, body: unknown): ApiError => {
  if (isRecord(body)) {
    const { error } = body;
    if (isRecord(error) && typeof error.code === 'string') {
      return new ApiError({
        status,
        code: error.code,
        message: typeof error.message === 'string' ? error.message : error.code,
        key: typeof error.key === 'string' ? error.key : undefined,
        details: fieldErrorsOf(error.details),
        body,
      });
    }
    if (typeof error === 'string') {
      return new ApiError({
        status,
        code: error,
        message: typeof body.message === 'string' ? body.message : error,
        details: fieldErrorsOf(body.errors),
        body,
      });
    }
    if (typeof body.message === 'string') {
      return new ApiError({ status, code: 'http_error', message: body.message, details: fieldErrorsOf(body.errors), body });
    }
  }
  return new ApiError({ status, code: 'http_error', message: `Request failed with status ${status}`, body });
};

/** Whether the error means the session is gone, so the app should send the user to sign in. */
export const isSessionError = (error: unknown): boolean =>
  // A wrong password or a spent checkout sign-in ticket is a 401 too, but the user must see that message.
  isApiError(error) && error.status === 401 && !hasErrorCode(error, 'invalid_credentials', 'checkout_ticket_invalid');

/** Said when nothing more specific applies: a server failure, or a failure on this side that is not the API's. */
const FALLBACK_ERROR_KEY = 'errors:error.somethingWentWrong';

const genericKeyFor = (error: ApiError): string => {
  if (error.isTimeout) return 'errors:general.requestAborted';
  if (error.code === 'network_error') return 'errors:general.network';
  switch (error.status) {
    case 400:
    case 422:
      return 'errors:error.validationFailed';
    case 401:
      return 'errors:error.unauthenticated';
    case 403:
      return 'errors:error.forbidden';
    case 404:
      return 'errors:error.notFound';
    case 429:
      return 'errors:error.tooManyRequests';
    default:
      return FALLBACK_ERROR_KEY;
  }
};

// The API sends `namespace:path`; a bare key would be looked up in the default namespace, where no API text lives.
const QUALIFIED_KEY = /^\w+:\w/;

/**
 * i18n keys for an error, most specific first, for `t(keys)` (i18next uses the first that exists): the key the
 * API sent (`errors:error.otpBanned`, `errors:billing.cardInUse`...), then a generic text for the status.
 */
export const errorMessageKeys = (error: unknown): string[] => {
  if (!isApiError(error)) return [FALLBACK_ERROR_KEY];
  const keys: string[] = [];
  if (error.key && QUALIFIED_KEY.test(error.key)) keys.push(error.key);
  keys.push(genericKeyFor(error));
  return keys;
};

/**
 * The values an error's text is worded with (`details.values`, e.g. `{ date: '02/04/2026' }` for
 * errors:billing.planAlreadyEnding), for `t(errorMessageKeys(error), errorValuesOf(error))`; empty when none.
 */
export const errorValuesOf = (error: unknown): Record<string, string | number> => {
  if (!isApiError(error) || !isRecord(error.body) || !isRecord(error.body.error) || !isRecord(error.body.error.details)) return {};
  const values = error.body.error.details.values;
  if (!isRecord(values)) return {};
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
};

/**
 * A card refusal's text in the page's language (issue 31 #5): the API names the gateway's decline code
 * (`details.decline_code`) beside the provider's English message, which stays the text for a code not here.
 */
const DECLINE_KEYS: Record<string, string> = {
  card_declined: 'errors:decline.cardDeclined',
  generic_decline: 'errors:decline.cardDeclined',
  do_not_honor: 'errors:decline.cardDeclined',
  lost_card: 'errors:decline.cardDeclined',
  stolen_card: 'errors:decline.cardDeclined',
  fraudulent: 'errors:decline.cardDeclined',
  insufficient_funds: 'errors:decline.insufficientFunds',
  expired_card: 'errors:decline.expiredCard',
  incorrect_cvc: 'errors:decline.incorrectCvc',
  incorrect_number: 'errors:decline.incorrectNumber',
  invalid_expiry: 'errors:decline.invalidExpiry',
  authentication_required: 'errors:decline.authenticationRequired',
  processing_error: 'errors:decline.processingError',
  payment_method_provider_decline: 'errors:decline.bankUnavailable',
};

/** The i18n key of a card refusal's decline code, or null when the error names none this client knows. */
export const declineKeyOf = (error: unknown): string | null => {
  if (!isApiError(error) || !isRecord(error.body) || !isRecord(error.body.error) || !isRecord(error.body.error.details)) return null;
  const code = error.body.error.details.decline_code;
  return typeof code === 'string' ? (DECLINE_KEYS[code] ?? null) : null;
};
