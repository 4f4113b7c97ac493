export { MoneyError } from './errors';
export type { MoneyErrorCode } from './errors';
export {
  CURRENCIES,
  DEFAULT_DISPLAY_DECIMALS,
  currencyOf,
  exceedsChargeCeiling,
  getCurrency,
  isCurrencyCode,
  isValidMinor,
  toMajor,
} from './currency';
export type { Currency } from './currency';
export { percentOf, roundForDisplay, sumMinor } from './arithmetic';
export { formatMoney, planPriceLabel } from './format';
export type { FormatMoneyOptions } from './format';
export { parseMoney } from './parse';
export type { ParseMoneyErrorCode, ParseMoneyOptions, ParseMoneyResult } from './parse';
export { addTax, checkoutTotals, couponDiscount } from './checkout';
export type { CheckoutInput, CouponTerms } from './checkout';
export { planChangeProration, prorate } from './proration';
export type { PlanChangeInput, PlanChangeProration, ProrationInput } from './proration';
