import { ERROR_CODES, isErrorCode } from '../index';

describe('the shared error codes', () => {
  it('lists each code once, in snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('tells an API error code from any other value', () => {
    expect(isErrorCode('must_subscribe')).toBe(true);
    expect(isErrorCode('payment_failed')).toBe(true);
    expect(isErrorCode('timeout')).toBe(false);
    expect(isErrorCode(402)).toBe(false);
  });
});
