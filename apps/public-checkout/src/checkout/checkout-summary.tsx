import type { Coupon } from '@merchant-hub/domain';
import { useDeferredValue, useEffect } from 'react';
import { OrderSummary, OrderSummaryLoading } from './order-summary';
import { pageLocation } from './page-location';
import { useCheckoutTotals } from './use-checkout-totals';

export type CheckoutSummaryProps = {
  packageId: number;
  purchasedAt: Date;
  coupon?: Coupon | null;
};

/**
 * The summary column of a checkout page: the plan once it is in. It asks for the plan itself, so that its
 * answer redraws this column alone, not the page above the payment form (see `LazyPart`). A plan that cannot be
 * read after the query's attempts sends the buyer to the site root (spec §4).
 */
export const CheckoutSummary = ({ packageId, purchasedAt, coupon }: CheckoutSummaryProps) => {
  const { pkg, totals, failed } = useCheckoutTotals(packageId, coupon);
  useEffect(() => {
    if (failed) pageLocation.assign('/');
  }, [failed]);
  // The plan's answer is a query store's update, which React draws in one blocking task (150-200 ms for the
  // summary at 4x CPU throttling); drawn as a deferred value, it is drawn in slices the browser can run between.
  // The first render draws no plan, as the prerendered page does, even when the plan was in before the takeover
  // (the page asks for it before its code is in, `prefetchPage`).
  const [shownPkg, shownTotals] = [useDeferredValue(pkg ?? null, null), useDeferredValue(totals, null)];
  return shownPkg && shownTotals ? (
    <OrderSummary pkg={shownPkg} totals={shownTotals} couponCode={coupon?.code} purchasedAt={purchasedAt} />
  ) : (
    <OrderSummaryLoading />
  );
};
