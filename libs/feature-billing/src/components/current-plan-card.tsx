import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingOverview } from '@merchant-hub/api-client';
import { currentPlanAction, currentPlanSubscription, pendingPlanChange, planHeadingColor, retryMethods } from '@merchant-hub/billing-rules';
import { formatMoney } from '@merchant-hub/money';
import { formatDate } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';
import { PastDuePayment } from './past-due-payment';

export type CurrentPlanCardProps = {
  overview: BillingOverview;
  busy?: boolean;
  onResume: () => void;
  onUnsubscribe: () => void;
  onRetryPayment: () => void;
  /** Pay the open invoice at the bank instead (FPX): offered for ringgit accounts only. */
  onRetryByFpx?: () => void;
  /** A past-due merchant without a card adds one (the card retry would only fail without it). */
  onAddCard: () => void;
  onCancelScheduled: () => void;
  onApplyCoupon: () => void;
  onCreditBalance: () => void;
  onHistory: () => void;
};

const STATUS_COLOR: Record<string, string> = { active: 'green', trialing: 'blue', past_due: 'red' };

/** Spec §4 Subscription: status, the one action the state allows, and a scheduled change as 'Changed To'. */
export const CurrentPlanCard = ({ overview, busy, ...on }: CurrentPlanCardProps) => {
  const { t } = useTranslation('billing');
  const current = currentPlanSubscription(overview.all);
  const pending = pendingPlanChange(overview.all);
  // While a downgrade waits, the plan carries ends_at too; the way back is cancelling the change, not Resume.
  const action = pending ? 'cancelScheduled' : currentPlanAction(current);
  const plan = current?.package ?? null;
  const red = planHeadingColor(current) === 'red';
  const coupon = current?.coupon ?? null;
  const couponCode = coupon ? (coupon.code ?? coupon.name ?? coupon.id) : null;
  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4" c={red ? 'red' : undefined}>
            {t('currentPlan.title')}
          </Title>
          {current ? (
            <Badge color={STATUS_COLOR[current.stripe_status] ?? 'gray'} variant="light">
              {t(`status.${current.stripe_status}`)}
            </Badge>
          ) : null}
        </Group>
        {plan && current ? (
          <>
            <Text fw={700} size="xl" c={red ? 'red' : undefined} data-testid="current-plan-name">
              {plan.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatMoney(plan.subtotal, plan.currency, { trimZeroDecimals: true })}
              {plan.billing_period === 'monthly' ? t('plans.perMonth') : t('plans.perYear')}
            </Text>
            {current.stripe_status === 'past_due' ? (
              <PastDuePayment
                invoice={overview.openInvoices?.find((invoice) => invoice.type === 'default') ?? null}
                methods={retryMethods({ currency: overview.currency, hasCard: overview.paymentMethod.data.length > 0, paymentType: overview.userData.payment_type })}
                busy={busy}
                onRetryCard={on.onRetryPayment}
                onRetryFpx={on.onRetryByFpx}
                onAddCard={on.onAddCard}
              />
            ) : current.ends_at && !pending ? (
              <Text size="sm" c="orange">
                {t('currentPlan.endsOn', { date: formatDate(current.ends_at) })}
              </Text>
            ) : (
              <Text size="sm">
                {t('currentPlan.nextBilling')}: {formatDate(current.current_period_end ?? '') ?? '—'}
              </Text>
            )}
            {pending ? (
              <Stack gap={2} p="xs" bg="var(--mantine-color-blue-light)" style={{ borderRadius: 6 }} data-testid="changed-to">
                <Text size="sm" fw={600}>
                  {t('currentPlan.changedTo')}: {pending.subscription.package?.name ?? pending.subscription.stripe_plan}
                </Text>
                <Text size="xs">{t('currentPlan.commencesOn', { date: formatDate(pending.commencesAt ?? '') ?? '—' })}</Text>
              </Stack>
            ) : null}
            <Text size="sm">
              {t('currentPlan.coupon')}: {couponCode ?? t('currentPlan.noCoupon')}
            </Text>
          </>
        ) : (
          <Text>{t('currentPlan.none')}</Text>
        )}
        <Text size="sm">
          {t('currentPlan.creditBalance')}:{' '}
          <Text span fw={600}>
            {formatMoney(overview.creditBalance, overview.currency)}
          </Text>
        </Text>
        <Group gap="xs">
          {action === 'unsubscribe' ? (
            <Button variant="outline" color="red" size="xs" onClick={on.onUnsubscribe} loading={busy}>
              {t('currentPlan.unsubscribe')}
            </Button>
          ) : null}
          {action === 'resume' ? (
            <Button size="xs" onClick={on.onResume} loading={busy}>
              {t('currentPlan.resume')}
            </Button>
          ) : null}
          {action === 'cancelScheduled' ? (
            <Button size="xs" variant="outline" onClick={on.onCancelScheduled} loading={busy}>
              {t('currentPlan.cancelScheduled')}
            </Button>
          ) : null}
          <Button size="xs" variant="light" onClick={on.onApplyCoupon} disabled={!current || current.stripe_status === 'past_due'}>
            {t('currentPlan.applyCoupon')}
          </Button>
          <Button size="xs" variant="light" onClick={on.onCreditBalance}>
            {t('currentPlan.viewCredit')}
          </Button>
          <Button size="xs" variant="light" onClick={on.onHistory}>
            {t('page.history')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
