import { createI18n } from '@merchant-hub/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageKeys, isSessionError, parseApiError } from '../api-error';

describe('parseApiError', () => {
  it('keeps the data a screen needs from beside the error', () => {
    const body = {
      error: { code: 'otp_invalid', message: 'OTP invalid', key: 'errors:error.otpInvalid' },
      message: 'OTP invalid',
      otp_data: { mobile_attempts_left: 2 },
    };
    const error = parseApiError(400, body);
    expect(error.code).toBe('otp_invalid');
    expect(error.details).toEqual({});
    expect(error.body).toBe(body);
  });

  it('reads the legacy shape with a string error', () => {
    const error = parseApiError(403, { error: 'banned', message: 'Log in has been locked' });
    expect(error).toMatchObject({ status: 403, code: 'banned', message: 'Log in has been locked' });
  });

  it('reads a flat details map of field keys', () => {
    const error = parseApiError(422, { error: { code: 'registration_invalid', message: 'x', details: { storeName: 'validation:storeName.taken', count: 3 } } });
    expect(error.details).toEqual({ storeName: 'validation:storeName.taken' });
  });

  it('keeps the status when the body is not the API shape', () => {
    const error = parseApiError(502, '<html>Bad gateway</html>');
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: 'Request failed with status 502' });
  });
});

describe('isSessionError', () => {
  it('is true for an expired or missing session', () => {
    expect(isSessionError(new ApiError({ status: 401, code: 'session_expired', message: '' }))).toBe(true);
    expect(isSessionError(new ApiError({ status: 401, code: 'unauthenticated', message: '' }))).toBe(true);
  });

  it('is false for a wrong password and for other statuses', () => {
    expect(isSessionError(new ApiError({ status: 401, code: 'invalid_credentials', message: '' }))).toBe(false);
    expect(isSessionError(new ApiError({ status: 401, code: 'checkout_ticket_invalid', message: '' }))).toBe(false);
    expect(isSessionError(new ApiError({ status: 403, code: 'forbidden', message: '' }))).toBe(false);
    expect(isSessionError(new Error('boom'))).toBe(false);
  });
});

describe('errorMessageKeys', () => {
  it('lists the key the API sent, then the generic text for the status', () => {
    const error = new ApiError({ status: 423, code: 'otp_banned', key: 'errors:error.otpBanned', message: '' });
    expect(errorMessageKeys(error)).toEqual(['errors:error.otpBanned', 'errors:error.somethingWentWrong']);
  });

  it.each([
    [400, 'errors:error.validationFailed'],
    [422, 'errors:error.validationFailed'],
    [401, 'errors:error.unauthenticated'],
    [403, 'errors:error.forbidden'],
    [404, 'errors:error.notFound'],
    [429, 'errors:error.tooManyRequests'],
    [500, 'errors:error.somethingWentWrong'],
    [502, 'errors:error.somethingWentWrong'],
  ])('falls back for status %i to %s', (status, key) => {
    expect(errorMessageKeys(new ApiError({ status, code: 'http_error', message: '' }))).toEqual([key]);
  });

  it('skips a key without its namespace, which would be looked up in the wrong place', () => {
    const error = new ApiError({ status: 401, code: 'invalid_credentials', key: 'error.invalidCredentials', message: '' });
    expect(errorMessageKeys(error)).toEqual(['errors:error.unauthenticated']);
  });

  it('uses the request-aborted text for a timeout and the network text when the server is unreachable', () => {
    expect(errorMessageKeys(new ApiError({ status: 0, code: 'timeout', message: '', isTimeout: true }))).toEqual(['errors:general.requestAborted']);
    expect(errorMessageKeys(new ApiError({ status: 0, code: 'network_error', message: '' }))).toEqual(['errors:general.network']);
  });

  it('falls back to the generic text for anything that is not an ApiError', () => {
    expect(errorMessageKeys(new Error('boom'))).toEqual(['errors:error.somethingWentWrong']);
  });

  it('translates to the API text when it exists and to the fallback when it does not', () => {
    const i18n = createI18n({ lng: 'ms' });
    const known = new ApiError({ status: 409, code: 'card_in_use', key: 'errors:billing.cardInUse', message: '' });
    expect(i18n.t(errorMessageKeys(known))).toBe('Sila tetapkan kad lain sebagai kad utama sebelum memadam kad ini');
    const unknown = new ApiError({ status: 409, code: 'future_code', key: 'errors:billing.notYetTranslated', message: '' });
    expect(i18n.t(errorMessageKeys(unknown))).toBe('Ada sesuatu yang tidak kena');
  });

  it('names only fallback texts that exist', () => {
    const i18n = createI18n({ lng: 'en' });
    const statuses = [0, 400, 401, 403, 404, 422, 429, 500];
    const keys = new Set([
      ...statuses.flatMap((status) => errorMessageKeys(new ApiError({ status, code: 'http_error', message: '' }))),
      ...errorMessageKeys(new ApiError({ status: 0, code: 'timeout', message: '', isTimeout: true })),
      ...errorMessageKeys(new ApiError({ status: 0, code: 'network_error', message: '' })),
      ...errorMessageKeys(new Error('boom')),
    ]);
    expect([...keys].filter((key) => !i18n.exists(key))).toEqual([]);
    expect(keys.size).toBe(8);
  });
});
