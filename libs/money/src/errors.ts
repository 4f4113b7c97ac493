/** Why a money operation refused its input. */
export type MoneyErrorCode =
  | 'invalid_amount'
  | 'invalid_percent'
  | 'invalid_coupon'
  | 'currency_mismatch'
  | 'invalid_period'
  | 'unknown_currency';

/**
 * Thrown when a caller passes data no amount can be computed from (a fractional or unsafe amount, a percent
 * outside its range, a coupon in another currency...). These are programming or data errors, so they throw;
 * user input goes through {@link parseMoney}, which returns a result instead.
 */
export class MoneyError extends Error {
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.name = 'MoneyError';
    this.code = code;
  }
}
