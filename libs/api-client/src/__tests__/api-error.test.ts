import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageKeys, isSessionError, parseApiError } from '../api-error';

describe('parseApiError', () => {
  it('keeps the data a screen needs from beside the error', () => {
    const body = {
      error: { code: 'otp_invalid', message: 'OTP invalid', key: 'error.otpInvalid' },
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
    expect(isSessionError(new ApiError({ status: 403, code: 'forbidden', message: '' }))).toBe(false);
    expect(isSessionError(new Error('boom'))).toBe(false);
  });
});

describe('errorMessageKeys', () => {
  it('lists the code key, the API key, then the generic text for the status', () => {
    const error = new ApiError({ status: 423, code: 'otp_banned', key: 'error.otpBanned', message: '' });
    expect(errorMessageKeys(error)).toEqual(['errors:api.otp_banned', 'error.otpBanned', 'errors:general.tryAgain']);
  });

  it('uses the request-aborted text for a timeout', () => {
    const error = new ApiError({ status: 0, code: 'timeout', message: '', isTimeout: true });
    expect(errorMessageKeys(error)).toEqual(['errors:api.timeout', 'errors:general.requestAborted']);
  });

  it('falls back to the generic text for anything that is not an ApiError', () => {
    expect(errorMessageKeys(new Error('boom'))).toEqual(['errors:general.tryAgain']);
  });
});
