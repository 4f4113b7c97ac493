import { Alert, Badge, Button, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCatalog, useDeactivatePromotion, usePromotions, useStaffMe } from '@merchant-hub/api-client';
import { formatMoney, isCurrencyCode } from '@merchant-hub/money';
import { DateText, EmptyState, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import type { Promotion } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminReason } from '../components/admin-reason';
import { PromotionCreateModal } from '../components/promotion-create-modal';
import { RedemptionsModal } from '../components/redemptions-modal';

/** /promotions: every promotion code, its use against its limit; superadmins create and deactivate. */
export const PromotionsPage = () => {
  const { t } = useTranslation(['catalog', 'staff']);
  usePageTitle(t('promotions.title'));
  const me = useStaffMe();
  const canEdit = me.data?.role === 'superadmin';
  const promotions = usePromotions({ meta: { handlesError: true } });
  // The plan keys a code may be limited to: the tiers of the catalog (the same in every market).
  const catalog = useCatalog('MY', { enabled: canEdit, meta: { handlesError: true } });
  const planKeys = [...new Set((catalog.data?.plans ?? []).map((plan) => plan.group_key))];
  const deactivate = useDeactivatePromotion({ meta: { handlesError: true } });
  const reasons = useAdminReason();
  const [creating, setCreating] = useState(false);
  const [showing, setShowing] = useState<Promotion | null>(null);
  const now = Math.floor(Date.now() / 1000);

  const discountOf = (promotion: Promotion) =>
    promotion.percent_off !== null
      ? t('promotions.percentOff', { percent: promotion.percent_off })
      : promotion.amount_off !== null && promotion.currency && isCurrencyCode(promotion.currency)
        ? formatMoney(promotion.amount_off, promotion.currency)
        : '—';

  const stateOf = (promotion: Promotion) => {
    if (!promotion.active) return <Badge color="gray" variant="light">{t('promotions.inactive')}</Badge>;
    if (promotion.expires_at !== null && promotion.expires_at <= now) return <Badge color="orange" variant="light">{t('promotions.expired')}</Badge>;
    return <Badge color="green" variant="light">{t('promotions.active')}</Badge>;
  };

  // Ending a code asks why (issue 27 §8); the reason goes to the audit log.
  const setEnding = (promotion: Promotion) =>
    reasons.ask({
      title: t('promotions.deactivateTitle', { code: promotion.code }),
      description: t('promotions.deactivateBody'),
      confirmLabel: t('promotions.deactivateAction'),
      destructive: true,
      run: (reason) => deactivate.mutateAsync({ id: promotion.id, reason }).then(() => notifications.show({ color: 'green', message: t('promotions.deactivated') })),
    });

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {t('promotions.title')}
          </Title>
          {canEdit ? <Button onClick={() => setCreating(true)}>{t('promotions.create')}</Button> : null}
        </Group>
        {me.data && !canEdit ? (
          <Alert color="gray" variant="light">
            {t('readOnly')}
          </Alert>
        ) : null}
        {promotions.isPending ? (
          <PageLoader label={t('promotions.loading')} />
        ) : promotions.isError ? (
          <ErrorState title={t('promotions.loadFailed')} onRetry={() => void promotions.refetch()} retryLabel={t('staff:common.retry')} />
        ) : promotions.data.data.length === 0 ? (
          <EmptyState title={t('promotions.empty')} />
        ) : (
          <Card withBorder padding={0} radius="md">
            <Table.ScrollContainer minWidth={880}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('promotions.column.code')}</Table.Th>
                    <Table.Th>{t('promotions.column.discount')}</Table.Th>
                    <Table.Th>{t('promotions.column.duration')}</Table.Th>
                    <Table.Th>{t('promotions.column.expires')}</Table.Th>
                    <Table.Th>{t('promotions.column.redemptions')}</Table.Th>
                    <Table.Th>{t('promotions.column.restrictions')}</Table.Th>
                    <Table.Th>{t('promotions.column.status')}</Table.Th>
                    <Table.Th>{t('promotions.column.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {promotions.data.data.map((promotion) => (
                    <Table.Tr key={promotion.id} data-testid={`promotion-${promotion.code}`}>
                      <Table.Td>
                        <Text fw={600} ff="monospace">
                          {promotion.code}
                        </Text>
                        {promotion.name ? (
                          <Text size="xs" c="dimmed">
                            {promotion.name}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{discountOf(promotion)}</Table.Td>
                      <Table.Td>{promotion.duration === 'repeating' ? t('promotions.duration.repeating', { count: promotion.duration_in_months ?? 0 }) : t(`promotions.duration.${promotion.duration}`)}</Table.Td>
                      <Table.Td>{promotion.expires_at === null ? t('promotions.never') : <DateText value={promotion.expires_at} />}</Table.Td>
                      <Table.Td>
                        {promotion.max_redemptions === null
                          ? t('promotions.usageUnlimited', { used: promotion.times_redeemed })
                          : t('promotions.usage', { used: promotion.times_redeemed, max: promotion.max_redemptions })}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{promotion.markets === null && promotion.plans === null ? t('promotions.everywhere') : [...(promotion.markets ?? []).map((m) => t(`market.${m}`)), ...(promotion.plans ?? [])].join(', ')}</Text>
                      </Table.Td>
                      <Table.Td>{stateOf(promotion)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" variant="light" onClick={() => setShowing(promotion)} aria-label={t('promotions.showRedemptions', { code: promotion.code })}>
                            {t('promotions.column.redemptions')}
                          </Button>
                          {canEdit && promotion.active ? (
                            <Button size="xs" variant="default" color="red" onClick={() => setEnding(promotion)} aria-label={t('promotions.deactivate', { code: promotion.code })}>
                              {t('promotions.deactivateAction')}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
      {creating && canEdit ? <PromotionCreateModal planKeys={planKeys} onClose={() => setCreating(false)} /> : null}
      {showing ? <RedemptionsModal promotion={showing} onClose={() => setShowing(null)} /> : null}
{reasons.modal}
    </Container>
  );
};
