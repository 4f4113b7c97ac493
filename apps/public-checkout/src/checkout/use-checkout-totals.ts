import { useCheckoutPackage } from '@merchant-hub/api-client';
import type { Coupon } from '@merchant-hub/domain';
import { checkoutTotals } from '@merchant-hub/money';
import { useMemo } from 'react';

/**
 * The plan a checkout sells and what it costs (libs/money: the numbers the API will charge), for the summary and
 * Pay's amount; the query is one, whoever asks. `coupon` is the card checkout's applied coupon.
 */
export const useCheckoutTotals = (packageId: number, coupon?: Coupon | null) => {
  const pkgQuery = useCheckoutPackage(packageId);
  const pkg = pkgQuery.data;
  const totals = useMemo(
    () =>
      pkg ? checkoutTotals({ price: pkg.price, discountPercent: pkg.discount, taxPercent: pkg.tax, currency: pkg.currency, coupon: coupon ?? undefined }) : null,
    [pkg, coupon],
  );
  return { pkg, totals, failed: pkgQuery.isError };
};
