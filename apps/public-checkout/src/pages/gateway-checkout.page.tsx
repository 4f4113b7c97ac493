import { Grid, Group } from '@mantine/core';
import { LazyPart } from '@merchant-hub/app-root';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckoutLayout } from '../app/checkout-layout';
import { CheckoutSummary } from '../checkout/checkout-summary';
import { LanguageChoiceSpace, PaymentFormLoading } from '../checkout/lazy-part-fallbacks';
import { GatewayPaymentForm, LanguageChoice } from '../checkout/lazy-parts';

/** `/subscribe/:packageId/:type?`: the Taiwan gateway checkout priced in TWD, paid on ECPay (spec §2, §4, §5). */
export const GatewayCheckoutPage = () => {
  const { t } = useTranslation('checkout');
  const packageId = Number(useParams().packageId);
  const [purchasedAt] = useState(() => new Date());
  // The form is drawn at once (it is the same for every plan; the build prerenders it, tools/vite/prerender.ts):
  // only Pay's amount and the summary wait for the plan. The picker's and the form's code come after the page's:
  // what holds them is drawn again only when what it shows changes (a texts' download or another language
  // redraws this page; each part follows the language itself), see `LazyPart`.
  const parts = useMemo(
    () => ({
      picker: (
        <Group justify="flex-end">
          <LazyPart fallback={<LanguageChoiceSpace />}>
            <LanguageChoice />
          </LazyPart>
        </Group>
      ),
      columns: (
        <Grid gap="xl">
          {/* The plan and its total come first (above the form on a phone, issue 31 #3); from md on they sit on the right. */}
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <CheckoutSummary packageId={packageId} purchasedAt={purchasedAt} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <LazyPart fallback={<PaymentFormLoading />}>
              <GatewayPaymentForm packageId={packageId} />
            </LazyPart>
          </Grid.Col>
        </Grid>
      ),
    }),
    [packageId, purchasedAt],
  );
  return (
    <CheckoutLayout title={t('title.gateway')}>
      {parts.picker}
      {parts.columns}
    </CheckoutLayout>
  );
};
