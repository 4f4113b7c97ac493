import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useBillingOverview } from '@merchant-hub/api-client';
import { currentPlanSubscription } from '@merchant-hub/billing-rules';
import { DateText, MoneyText, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../app/gating';

/**
 * /home/dashboard: the billing route. The full billing screen is its own issue and replaces this module;
 * until then it shows the real current plan and nothing invented.
 */
export const BillingPage = () => {
  const { t } = useTranslation(['shell', 'home']);
  usePageTitle(t('shell:billingPage.title'));
  const billing = useBillingOverview(undefined, { meta: { handlesError: true }, retry: false });
  const subscription = billing.data ? currentPlanSubscription(billing.data.all) : null;
  const plan = subscription?.package ?? null;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('shell:billingPage.title')}
        </Title>
        <Text c="dimmed">{t('shell:billingPage.intro')}</Text>
      </Stack>
      {billing.isSuccess || billing.isError ? (
        <Card withBorder radius="md" maw={480}>
          <Text size="sm" c="dimmed">
            {t('shell:billingPage.currentPlan')}
          </Text>
          {plan && subscription ? (
            <Stack gap={4}>
              <Text fw={700} size="lg">
                {plan.name} · <MoneyText amountMinor={plan.subtotal} currency={plan.currency} trimZeroDecimals /> / {t(`home:summary.periods.${plan.billing_period}`)}
              </Text>
              <Text size="sm">
                {t('home:summary.nextBilling')}: <DateText value={subscription.current_period_end} />
              </Text>
            </Stack>
          ) : (
            <Text>{t('shell:billingPage.noPlan')}</Text>
          )}
        </Card>
      ) : null}
      <Anchor component={Link} to={PATHS.home}>
        {t('shell:billingPage.backHome')}
      </Anchor>
    </Stack>
  );
};

/** /profile/billing/usage-add-on: replaced by the add-on screen of the billing issue; shown without sidebar. */
export const UsageAddOnPage = () => {
  const { t } = useTranslation('shell');
  usePageTitle(t('addOnPage.title'));
  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.billing}>
        ← {t('addOnPage.backToBilling')}
      </Anchor>
      <Title order={1} size="h2">
        {t('addOnPage.title')}
      </Title>
      <Text c="dimmed">{t('addOnPage.intro')}</Text>
    </Stack>
  );
};

/** Billing not-found page (spec §2 Other): one button back to billing, after a 2000 ms entrance. */
export const BillingNotFoundPage = () => {
  const { t } = useTranslation('shell');
  usePageTitle(t('pages.billingNotFoundTitle'));
  return (
    <Stack gap="md" align="center" py={60} style={{ animation: 'mh-fade-in 2000ms ease both' }}>
      <style>{'@keyframes mh-fade-in { from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; } } @media (prefers-reduced-motion: reduce) { * { animation: none !important; } }'}</style>
      <Title order={1} size="h2">
        {t('pages.billingNotFoundTitle')}
      </Title>
      <Text c="dimmed">{t('pages.billingNotFoundBody')}</Text>
      <Anchor component={Link} to={PATHS.billing} fw={600}>
        {t('pages.backToBilling')}
      </Anchor>
    </Stack>
  );
};
