import { Grid } from '@mantine/core';
import { LazyPart } from '@merchant-hub/app-root';
import type { Coupon } from '@merchant-hub/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckoutLayout } from '../app/checkout-layout';
import { CheckoutSummary } from '../checkout/checkout-summary';
import { PaymentFormLoading } from '../checkout/lazy-part-fallbacks';
import { CardPaymentForm } from '../checkout/lazy-parts';

/** `/subscribe-payment/:packageId` (`?type=fpx` for FPX): card or bank checkout, then signed in (spec §2, §4, §5). */
export const CardCheckoutPage = () => {
  const { t } = useTranslation('checkout');
  const packageId = Number(useParams().packageId);
  const [purchasedAt] = useState(() => new Date());
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  // The form is drawn at once (it is the same for every plan; the build prerenders it, tools/vite/prerender.ts):
  // only Pay's amount and the summary wait for the plan. Its code comes after the page's: the columns are drawn
  // again only when what they show changes (a texts' download redraws this page), see `LazyPart`.
  const columns = useMemo(
    () => (
      <Grid gap="xl">
        {/* The plan and its total come first (above the form on a phone, issue 31 #3); from md on they sit on the right. */}
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <CheckoutSummary packageId={packageId} purchasedAt={purchasedAt} coupon={coupon} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <LazyPart fallback={<PaymentFormLoading />}>
            <CardPaymentForm packageId={packageId} purchasedAt={purchasedAt} coupon={coupon} onCouponChange={setCoupon} />
          </LazyPart>
        </Grid.Col>
      </Grid>
    ),
    [packageId, purchasedAt, coupon],
  );
  return <CheckoutLayout title={t('title.card')}>{columns}</CheckoutLayout>;
};
