import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useBillingOverview, useChangePlan, usePlanChangePreview } from '@merchant-hub/api-client';
import type { PlanChangePreview } from '@merchant-hub/api-client';
import { currentPlanSubscription } from '@merchant-hub/billing-rules';
import { addTax, formatMoney, sumMinor } from '@merchant-hub/money';
import { ErrorState, PageLoader, formatDate, usePageTitle } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBillingScope } from '../billing-scope';
import { useErrorText, useNotify } from '../notify';
import { useStaffReason } from '../staff-reason';
import { useActingMerchant } from '../use-store-chooser';

export type UpgradeSummary = {
  credit: number;
  charge: number;
  subtotal: number;
  tax: number;
  rounding: number;
  total: number;
  creditApplied: number;
  amountDue: number;
};

/**
 * The upgrade page's figures from the preview's lines, through libs/money: credit for unused time, charge for
 * the rest, tax on the subtotal, the credit balance, the total due. The API builds its invoice with the same
 * functions; the Total row shows the API's own amount due, the figure it will charge.
 */
export const upgradeSummary = (preview: PlanChangePreview): UpgradeSummary => {
  const credit = sumMinor(0, ...preview.lines.filter((l) => l.amount < 0).map((l) => l.amount));
  const charge = sumMinor(0, ...preview.lines.filter((l) => l.amount >= 0).map((l) => l.amount));
  const subtotal = sumMinor(credit, charge);
  const tax = subtotal > 0 ? addTax(subtotal, preview.tax_percent ?? preview.package.tax).tax : 0;
  const rounding = preview.rounding_amount ?? 0;
  const total = sumMinor(subtotal, tax, rounding);
  const creditApplied = total > 0 ? Math.min(total, preview.applied_balance) : 0;
  return { credit, charge, subtotal, tax, rounding, total, creditApplied, amountDue: Math.max(total, 0) - creditApplied };
};

/** /profile/billing/upgrade?package_id=: what an immediate upgrade costs, then Confirm & Pay. */
export const BillingUpgradePage = () => {
  const { t } = useTranslation(['billing', 'errors']);
  usePageTitle(t('upgrade.title'));
  const scope = useBillingScope();
  const acting = useActingMerchant();
  const navigate = useNavigate();
  const notify = useNotify();
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
  const summary = upgradeSummary(data);
  const money = (amount: number) => formatMoney(amount, data.currency);
  const currentPlan = overview.data ? currentPlanSubscription(overview.data.all)?.package : null;
  const storeId = acting.storeId ?? overview.data?.userData.inventory_users.inventory_store_users.store_id;

  const handlePay = () =>
    withReason((fields) =>
      change.mutate(
        { package_id: data.package.id, type: 'upgrade', store_id: storeId || undefined, user_id: acting.userId, ...fields },
        {
          onSuccess: (result) => {
            notify.success(result.message);
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
        <Table.ScrollContainer minWidth={280}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('upgrade.line')}</Table.Th>
                <Table.Th ta="right">{t('upgrade.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line, index) => (
                <Table.Tr key={`${index}-${line.description}`}>
                  <Table.Td>
                    <Text size="sm">{line.amount < 0 ? t('upgrade.proratedCredit') : t('upgrade.proratedCharge')}</Text>
                    <Text size="xs" c="dimmed">
                      {line.description} · {formatDate(line.period.start)} – {formatDate(line.period.end)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" c={line.amount < 0 ? 'green' : undefined} style={{ whiteSpace: 'nowrap' }}>
                    {money(line.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
              <SummaryRow label={t('upgrade.discount')} value={money(0)} />
              <SummaryRow label={t('upgrade.subtotal')} value={money(summary.subtotal)} />
              <SummaryRow label={t('upgrade.tax', { label: data.package.tax_label, percent: data.tax_percent ?? data.package.tax })} value={money(summary.tax)} />
              {summary.rounding !== 0 ? <SummaryRow label={t('upgrade.rounding')} value={money(summary.rounding)} /> : null}
              <SummaryRow label={t('upgrade.creditApplied')} value={money(-summary.creditApplied)} />
              <SummaryRow label={t('upgrade.total')} value={money(data.amount_due)} strong testId="upgrade-total" />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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

const SummaryRow = ({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) => (
  <Table.Tr>
    <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
    <Table.Td ta="right" fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Table.Td>
  </Table.Tr>
);
