import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useBillingOverview, useChangePlan, usePlanChangePreview } from '@merchant-hub/api-client';
import { currentPlanSubscription } from '@merchant-hub/billing-rules';
import { ErrorState, PageLoader, formatDate, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBillingScope } from '../billing-scope';
import { ChargeSummaryTable } from '../components/charge-summary';
import { useErrorText, useNotify } from '../notify';
import { useStaffReason } from '../staff-reason';
import { useActingMerchant } from '../use-store-chooser';
import { useBillingTexts } from '../billing-texts';

/** /profile/billing/upgrade?package_id=: what an immediate upgrade costs, then Confirm & Pay. */
export const BillingUpgradePage = () => {
  const { t } = useTranslation(['billing', 'errors']);
  usePageTitle(t('upgrade.title'));
  const scope = useBillingScope();
  const acting = useActingMerchant();
  const navigate = useNavigate();
  const notify = useNotify();
  const { noticeText } = useBillingTexts();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const packageId = Number(params.get('package_id')) || null;
  const overview = useBillingOverview(acting.userId, { meta: { handlesError: true }, retry: false, enabled: acting.ready });
  const preview = usePlanChangePreview({ packageId: acting.ready ? packageId : null, userId: acting.userId }, { meta: { handlesError: true }, retry: false });
  const change = useChangePlan({ meta: { handlesError: true } });
  const withReason = useStaffReason();
  const back = (
    <Anchor component={Link} to={scope.paths.billing}>
      ← {t('upgrade.back')}
    </Anchor>
  );
  if (packageId === null) return <ErrorState title={t('upgrade.missingPlan')} action={back} />;
  if (!acting.ready || preview.isPending) return <PageLoader label={t('page.loading')} />;
  if (preview.isError) return <ErrorState title={errorText(preview.error)} onRetry={() => void preview.refetch()} retryLabel={t('page.retry')} action={back} />;
  const data = preview.data;
  if (data.change !== 'upgrade' && data.change !== 'period_switch') return <ErrorState title={t('upgrade.notAnUpgrade')} action={back} />;
  const currentPlan = overview.data ? currentPlanSubscription(overview.data.all)?.package : null;
  const storeId = acting.storeId ?? overview.data?.userData.inventory_users.inventory_store_users.store_id;

  const handlePay = () =>
    withReason((fields) =>
      change.mutate(
        { package_id: data.package.id, type: 'upgrade', store_id: storeId || undefined, user_id: acting.userId, preview_token: data.preview_token, ...fields },
        {
          onSuccess: (result) => {
            notify.success(noticeText(result));
            void navigate(scope.paths.billing);
          },
          onError: (error) => notify.error(error, { title: t('errors:billing.paymentFailed'), fallbackKey: 'errors:billing.upgradeFailed' }),
        },
      ),
    );

  return (
    <Stack gap="lg" maw={760}>
      {back}
      <Title order={1} size="h2">
        {t('upgrade.title')}
      </Title>
      <Group grow align="stretch">
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('upgrade.currentPlan')}
          </Text>
          <Text fw={700}>{currentPlan?.name ?? '—'}</Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('upgrade.newPlan')}
          </Text>
          <Text fw={700}>{data.package.name}</Text>
        </Card>
      </Group>
      <Card withBorder radius="md">
        <ChargeSummaryTable preview={data} />
      </Card>
      {data.period_end ? <Text size="sm">{t('upgrade.periodEnds', { date: formatDate(data.period_end) })}</Text> : null}
      <Group justify="flex-end">
        <Button size="md" onClick={handlePay} loading={change.isPending}>
          {t('upgrade.confirmAndPay')}
        </Button>
      </Group>
    </Stack>
  );
};
