import type { CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { getCurrency, sumMinor } from '@merchant-hub/money';

/**
 * What is left to refund on a payment: what it took less every refund made or on its way (requested, waiting
 * for approval or sent to the gateway). Never below zero: a gateway that refunded more on its own (the Stripe
 * Dashboard) leaves nothing to refund here.
 */
export const refundableMinor = (paidMinor: MinorUnits, refundsMinor: readonly MinorUnits[]): MinorUnits => Math.max(0, sumMinor(paidMinor, ...refundsMinor.map((amount) => -amount)));

export type RefundProblem = 'refund_too_large' | 'whole_units_only' | null;

/**
 * Whether `amountMinor` may be refunded now. ECPay refunds whole New Taiwan dollars only (TotalAmount is an
 * integer): a TWD refund through it must be a multiple of the currency's unit.
 */
export const refundProblem = (input: { amountMinor: MinorUnits; refundableMinor: MinorUnits; currency: CurrencyCode; wholeUnitsOnly: boolean }): RefundProblem => {
  if (input.amountMinor > input.refundableMinor) return 'refund_too_large';
  if (input.wholeUnitsOnly && input.amountMinor % 10 ** getCurrency(input.currency).minorExponent !== 0) return 'whole_units_only';
  return null;
};

/** What the gateway refunded beyond the refunds already recorded (a webhook without the refund list). */
export const unrecordedRefundMinor = (gatewayRefundedMinor: MinorUnits, recordedMinor: readonly MinorUnits[]): MinorUnits => Math.max(0, sumMinor(gatewayRefundedMinor, ...recordedMinor.map((amount) => -amount)));
