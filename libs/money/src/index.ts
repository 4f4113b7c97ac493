export { MoneyError } from './errors';
export type { MoneyErrorCode } from './errors';
export {
  CURRENCIES,
  DEFAULT_DISPLAY_DECIMALS,
  currencyOf,
  exceedsChargeCeiling,
  fromWholeMajor,
  getCurrency,
  isCurrencyCode,
  isValidMinor,
  marketOf,
  toMajor,
  toMajorString,
  toWholeMajor,
} from './currency';
export type { Currency } from './currency';
export { percentOf, roundForDisplay, sumMinor } from './arithmetic';
export { formatMoney, planPriceLabel } from './format';
export type { FormatMoneyOptions } from './format';
export { parseMoney } from './parse';
export type { ParseMoneyErrorCode, ParseMoneyOptions, ParseMoneyResult } from './parse';
export { addTax, checkoutTotals, couponDiscount, netPrice } from './checkout';
export type { CheckoutInput, CouponTerms } from './checkout';
export { planChangeProration, prorate } from './proration';
export { amountForQuantity, monthlyRevenue, yearlySavingPercent } from './recurring';
export type { PlanChangeInput, PlanChangeProration, ProrationInput } from './proration';
export { applyCreditBalance, invoiceAmounts, invoiceTotals } from './invoice';
export type { CreditApplication, CreditBalanceOptions, InvoiceAmounts, InvoiceAmountsInput, InvoiceLineAmount, InvoiceTotals, InvoiceTotalsInput } from './invoice';
export { creditChangeMinor, formatCreditBalance, formatCreditChange } from './credit';
