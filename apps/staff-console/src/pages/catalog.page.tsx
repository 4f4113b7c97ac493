import { ActionIcon, Alert, Badge, Button, Card, Container, Group, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCatalog, useHidePlan, useReorderPlans, useStaffMe } from '@merchant-hub/api-client';
import { MARKET_CURRENCY } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import { EmptyState, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import { CATALOG_MARKETS, type CatalogMarket, type CatalogPeriod, type CatalogPlan } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminReason } from '../components/admin-reason';
import { ListNamesPanel } from '../components/list-names-panel';
import { PlanEditModal } from '../components/plan-edit-modal';

const isMarket = (value: string | null): value is CatalogMarket => CATALOG_MARKETS.includes(value as CatalogMarket);

type Editing = { plan: CatalogPlan | null } | null;

/**
 * /catalog: one market's plans per billing period and its add-on package. Superadmins edit, hide and
 * re-order; support sees the same list read-only (the API refuses their writes as well).
 */
export const CatalogPage = () => {
  const { t } = useTranslation(['catalog', 'staff']);
  usePageTitle(t('plans.title'));
  const [params, setParams] = useSearchParams();
  const market: CatalogMarket = isMarket(params.get('market')) ? (params.get('market') as CatalogMarket) : 'MY';
  const [period, setPeriod] = useState<CatalogPeriod>('monthly');
  const [editing, setEditing] = useState<Editing>(null);
  const me = useStaffMe();
  const canEdit = me.data?.role === 'superadmin';
  const catalog = useCatalog(market, { meta: { handlesError: true } });
  const hide = useHidePlan({ meta: { handlesError: true } });
  const reorder = useReorderPlans({ meta: { handlesError: true } });
  const reasons = useAdminReason();
  const currency = MARKET_CURRENCY[market];
  const money = (amount: number) => formatMoney(amount, currency);

  const plans = (catalog.data?.plans ?? []).filter((plan) => plan.billing_period === period).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const defaults = { tax: catalog.data?.plans[0]?.tax ?? 0, tax_label: catalog.data?.plans[0]?.tax_label ?? '' };

  const handleMove = (index: number, by: -1 | 1) => {
    const ids = plans.map((plan) => plan.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved);
    // Each catalog change asks why first (issue 27 §8).
    reasons.ask({ run: (reason) => reorder.mutateAsync({ market, billing_period: period, ids, reason }).then(() => notifications.show({ color: 'green', message: t('plans.reordered') })) });
  };

  const handleHide = (plan: CatalogPlan) =>
    reasons.ask({
      run: (reason) => hide.mutateAsync({ id: plan.id, hide: !plan.hide, reason }).then(() => notifications.show({ color: 'green', message: t(plan.hide ? 'plans.shownDone' : 'plans.hiddenDone') })),
    });

  const status = (plan: CatalogPlan) => (
    <Group gap={4}>
      {/* The add-on is never a plan card of its own: its hidden flag says nothing to staff. */}
      {plan.is_addon ? null : (
        <Badge variant="light" color={plan.hide ? 'gray' : 'green'}>
          {t(plan.hide ? 'plans.hidden' : 'plans.visible')}
        </Badge>
      )}
      {plan.call_for_quote ? <Badge variant="light">{t('plans.quote')}</Badge> : null}
      {plan.yearly_claim_holds ? null : (
        <Badge variant="light" color="orange">
          {t('plans.claimBroken', { percent: plan.yearly_saving_percent })}
        </Badge>
      )}
    </Group>
  );

  const rows = (list: CatalogPlan[], orderable: boolean) =>
    list.map((plan, index) => (
      <Table.Tr key={plan.id} data-testid={`plan-${plan.group_key}-${plan.billing_period}`}>
        {orderable && canEdit ? (
          <Table.Td>
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('plans.moveUp', { name: plan.name })} disabled={index === 0 || reorder.isPending} onClick={() => handleMove(index, -1)}>
                ↑
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={t('plans.moveDown', { name: plan.name })} disabled={index === list.length - 1 || reorder.isPending} onClick={() => handleMove(index, 1)}>
                ↓
              </ActionIcon>
            </Group>
          </Table.Td>
        ) : null}
        <Table.Td>
          <Text fw={600}>{plan.name}</Text>
          <Text size="xs" c="dimmed">
            {plan.group_key}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text>{plan.call_for_quote ? t('plans.quote') : t(`plans.perPeriod.${plan.billing_period}`, { amount: money(plan.subtotal) })}</Text>
          {plan.discount > 0 ? (
            <Text size="xs" c="dimmed" td="line-through">
              {money(plan.price)}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Text size="sm">
            {plan.tax_label} · {plan.tax}%
          </Text>
        </Table.Td>
        <Table.Td>{t('plans.subscribers', { count: plan.subscribers })}</Table.Td>
        <Table.Td>{status(plan)}</Table.Td>
        {canEdit ? (
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" data-testid="plan-edit" aria-label={t('plans.edit', { name: plan.name })} onClick={() => setEditing({ plan })}>
                {t('plans.editAction')}
              </Button>
              {plan.is_addon ? null : (
                <Button size="xs" variant="default" aria-label={t(plan.hide ? 'plans.show' : 'plans.hide', { name: plan.name })} onClick={() => handleHide(plan)} loading={hide.isPending && hide.variables?.id === plan.id}>
                  {t(plan.hide ? 'plans.showAction' : 'plans.hideAction')}
                </Button>
              )}
            </Group>
          </Table.Td>
        ) : null}
      </Table.Tr>
    ));

  const head = (orderable: boolean) => (
    <Table.Thead>
      <Table.Tr>
        {orderable && canEdit ? <Table.Th>{t('plans.column.order')}</Table.Th> : null}
        <Table.Th>{t('plans.column.name')}</Table.Th>
        <Table.Th>{t('plans.column.price')}</Table.Th>
        <Table.Th>{t('plans.column.tax')}</Table.Th>
        <Table.Th>{t('plans.column.subscribers')}</Table.Th>
        <Table.Th>{t('plans.column.status')}</Table.Th>
        {canEdit ? <Table.Th>{t('plans.column.actions')}</Table.Th> : null}
      </Table.Tr>
    </Table.Thead>
  );

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {t('plans.title')}
          </Title>
          {canEdit ? <Button onClick={() => setEditing({ plan: null })}>{t('plans.create')}</Button> : null}
        </Group>
        {me.data && !canEdit ? (
          <Alert color="gray" variant="light" data-testid="catalog-read-only">
            {t('readOnly')}
          </Alert>
        ) : null}
        <Alert color="blue" variant="light">
          {t('plans.renewalNote')}
        </Alert>
        <Group gap="md" wrap="wrap" align="flex-end">
          <Select
            label={t('market.label')}
            data={CATALOG_MARKETS.map((value) => ({ value, label: `${t(`market.${value}`)} (${MARKET_CURRENCY[value]})` }))}
            value={market}
            allowDeselect={false}
            onChange={(value) => value && setParams({ market: value })}
            w={240}
          />
        </Group>
        {catalog.isPending ? (
          <PageLoader label={t('plans.loading')} />
        ) : catalog.isError ? (
          <ErrorState title={t('plans.loadFailed')} onRetry={() => void catalog.refetch()} retryLabel={t('staff:common.retry')} />
        ) : (
          <>
            <Tabs value={period} onChange={(value) => value && setPeriod(value as CatalogPeriod)}>
              <Tabs.List>
                {(['monthly', 'yearly'] as const).map((value) => (
                  <Tabs.Tab key={value} value={value}>
                    {t(`period.${value}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            {plans.length === 0 ? (
              <EmptyState title={t('plans.empty')} />
            ) : (
              <Card withBorder padding={0} radius="md">
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    {head(true)}
                    <Table.Tbody>{rows(plans, true)}</Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
            )}
            <Title order={2} size="h4">
              {t('plans.addOns')}
            </Title>
            <Card withBorder padding={0} radius="md">
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm">
                  {head(false)}
                  <Table.Tbody>{rows(catalog.data.add_ons, false)}</Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          </>
        )}
        <ListNamesPanel canEdit={canEdit} />
      </Stack>
      {editing && canEdit ? <PlanEditModal plan={editing.plan} market={market} currency={currency} defaults={defaults} onClose={() => setEditing(null)} /> : null}
      {reasons.modal}
    </Container>
  );
};
