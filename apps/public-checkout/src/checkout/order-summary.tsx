import { Anchor, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CheckoutTotals, Package } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPurchaseDate } from './purchase-date';

export type OrderSummaryProps = {
  pkg: Package;
  totals: CheckoutTotals;
  couponCode?: string | null;
  purchasedAt: Date;
};

const Row = ({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) => (
  <Group justify="space-between" wrap="nowrap" gap="md">
    <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'}>
      {label}
    </Text>
    <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  </Group>
);

/** The summary's frame: the product logo (back to the site root) and the heading, drawn before the plan is in. */
const SummaryFrame = ({ children, busy = false }: { children: ReactNode; busy?: boolean }) => {
  const { t } = useTranslation('checkout');
  return (
    <Paper withBorder radius="md" p="lg" component="aside" aria-label={t('summary.heading')} aria-busy={busy || undefined}>
      <Stack gap="sm">
        {/* Named by its visible text first (WCAG 2.5.3), then where it leads. */}
        <Anchor href="/" aria-label={`Merchant Hub, ${t('summary.backHome')}`} underline="never">
          <Group gap="xs">
            <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="#1659f1" />
              <path d="M8 23V10l8 7 8-7v13" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <Text fw={800} fz="lg">
              Merchant Hub
            </Text>
          </Group>
        </Anchor>
        <Title order={2} fz="h4">
          {t('summary.heading')}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};

/** The summary while the plan loads: its frame, a spinner where the numbers go. */
export const OrderSummaryLoading = () => {
  const { t } = useTranslation('common');
  return (
    <SummaryFrame busy>
      <Group justify="center" py="xl">
        <Loader aria-label={t('status.loading')} />
      </Group>
    </SummaryFrame>
  );
};

/** The right-hand summary of both checkouts: the same numbers the API will charge (libs/money). */
export const OrderSummary = ({ pkg, totals, couponCode, purchasedAt }: OrderSummaryProps) => {
  const { t } = useTranslation('checkout');
  // Every amount in the currency's own decimals (NT$ whole dollars): libs/money computes each part in them.
  const money = (amountMinor: number) => formatMoney(amountMinor, totals.currency);
  return (
    <SummaryFrame>
      <Row label={t('summary.plan')} value={pkg.name} testId="summary-plan" />
      <Row label={t('summary.frequency')} value={t(pkg.billing_period === 'monthly' ? 'summary.monthly' : 'summary.yearly')} />
      <Row label={t('summary.purchaseDate')} value={formatPurchaseDate(purchasedAt)} testId="summary-date" />
      <Divider />
      <Row label={t('summary.price')} value={money(totals.packagePrice)} />
      {totals.packageDiscount > 0 && (
        <Row label={pkg.discount > 0 ? t('summary.discountPercent', { percent: pkg.discount }) : t('summary.discount')} value={`-${money(totals.packageDiscount)}`} />
      )}
      {totals.coupon > 0 && <Row label={t('summary.coupon', { code: couponCode ?? '' })} value={`-${money(totals.coupon)}`} testId="summary-coupon" />}
      <Row label={t('summary.subtotal')} value={money(totals.subtotal)} />
      {totals.totalTax > 0 && <Row label={pkg.tax > 0 ? t('summary.taxPercent', { percent: pkg.tax }) : t('summary.tax')} value={money(totals.totalTax)} />}
      {totals.roundingAmount !== 0 && <Row label={t('summary.rounding')} value={money(totals.roundingAmount)} />}
      <Divider />
      <Row label={t('summary.total')} value={totals.totalWithFormat} strong testId="summary-total" />
    </SummaryFrame>
  );
};
