import { refundableMinor, refundProblem, unrecordedRefundMinor } from '../refunds';

describe('refund rules', () => {
  it.each([
    ['nothing refunded yet: the whole payment', 21_492, [], 21_492],
    ['half refunded: the other half', 21_492, [10_746], 10_746],
    ['a refund waiting for approval holds its part too', 21_492, [10_746, 10_000], 746],
    ['refunded in full: nothing', 21_492, [10_746, 10_746], 0],
    ['refunded beyond the payment at the gateway: still nothing, never negative', 1_000, [900, 900], 0],
  ])('%s', (_name, paid, refunds, left) => {
    expect(refundableMinor(paid, refunds)).toBe(left);
  });

  it('refuses more than is left and, through ECPay, a TWD refund that is not whole dollars', () => {
    expect(refundProblem({ amountMinor: 747, refundableMinor: 746, currency: 'MYR', wholeUnitsOnly: false })).toBe('refund_too_large');
    expect(refundProblem({ amountMinor: 746, refundableMinor: 746, currency: 'MYR', wholeUnitsOnly: false })).toBeNull();
    expect(refundProblem({ amountMinor: 64_550, refundableMinor: 129_000, currency: 'TWD', wholeUnitsOnly: true })).toBe('whole_units_only');
    expect(refundProblem({ amountMinor: 64_500, refundableMinor: 129_000, currency: 'TWD', wholeUnitsOnly: true })).toBeNull();
  });

  it('finds what the gateway refunded beyond the refunds recorded', () => {
    expect(unrecordedRefundMinor(1_500, [1_000])).toBe(500);
    expect(unrecordedRefundMinor(1_000, [1_000])).toBe(0);
    expect(unrecordedRefundMinor(1_000, [600, 600])).toBe(0);
  });
});
