import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { usePlanChangePreview } from '@merchant-hub/api-client';
import type { Package, Subscription } from '@merchant-hub/domain';
import { currentPlanSubscription, decidePlanChange } from '@merchant-hub/billing-rules';
import { formatMoney } from '@merchant-hub/money';
import { formatDate } from '@merchant-hub/ui-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingScope } from '../billing-scope';
import { useErrorText } from '../notify';
import { ChargeSummaryTable } from './charge-summary';

export type PlanChangeModalProps = {
  target: Package | null;
  subscriptions: Subscription[];
  /** The merchant staff act for; omitted for a merchant's own billing. */
  userId?: number;
  loading?: boolean;
  onClose: () => void;
  /** Apply now (`requestType` goes to downgrade-or-upgrade) or, for `review`, continue to the upgrade page. */
  /** `previewToken`: staff scope, the preview the change was shown as (its commit carries it). */
  onConfirm: (input: { pkg: Package; requestType: 'upgrade' | 'downgrade'; review: boolean; previewToken?: string }) => void;
};

/**
 * Spec §4: what choosing `target` does — upgrade now, review on the upgrade page, switch period, or downgrade
 * at the period end — with the matching button, and the coupon-removal warning to acknowledge first.
 */
export const PlanChangeModal = ({ target, subscriptions, userId, loading, onClose, onConfirm }: PlanChangeModalProps) => {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const [acknowledged, setAcknowledged] = useState(false);
  const decision = target ? decidePlanChange({ subscriptions, target }) : null;
  const current = currentPlanSubscription(subscriptions);
  // A change of a running plan that applies at once charges today: show what, before the button.
  const chargesNow = current !== null && decision?.effect.kind === 'immediate';
  // Staff preview every change of a running plan: the commit carries the preview's token (preview, then commit).
  const { isStaff } = useBillingScope();
  const needsPreview = chargesNow || (isStaff && current !== null && decision?.effect.kind !== 'review');
  const preview = usePlanChangePreview({ packageId: needsPreview && target ? target.id : null, userId }, { meta: { handlesError: true }, retry: false });
  if (target === null || decision === null) return null;
  const from = current?.package?.name ?? '';
  const coupon = current?.coupon ?? null;
  const couponCode = coupon ? (coupon.code ?? coupon.name ?? coupon.id) : '';
  const kind = current === null ? 'subscribe' : decision.change === 'same' ? 'upgrade' : decision.change;
  const bodyKey =
    current === null
      ? 'subscribe'
      : decision.effect.kind === 'review'
        ? 'review'
        : decision.change === 'period_switch'
          ? 'period_switch'
          : decision.change === 'downgrade'
            ? 'downgrade'
            : 'upgrade';
  const effectiveAt = decision.effect.kind === 'scheduled' ? decision.effect.effectiveAt : null;
  const blocked = (decision.mustAcknowledgeCouponRemoval && !acknowledged) || (needsPreview && !preview.isSuccess);
  const close = () => {
    setAcknowledged(false);
    onClose();
  };
  return (
    <Modal opened onClose={close} title={t(`change.title.${kind}`, { plan: target.name })} centered closeOnClickOutside={!loading}>
      <Stack>
        <Text>
          {t(`change.body.${bodyKey}`, {
            from,
            to: target.name,
            date: formatDate(effectiveAt ?? '') ?? '—',
            period: t(`plans.${target.billing_period}`),
            price: formatMoney(target.subtotal, target.currency),
          })}
        </Text>
        {chargesNow ? (
          preview.isSuccess ? (
            <Stack gap={4}>
              <Text fw={600}>{t('change.dueToday')}</Text>
              <ChargeSummaryTable preview={preview.data} />
            </Stack>
          ) : preview.isError ? (
            <Alert color="red" title={errorText(preview.error)}>
              <Button variant="light" size="xs" onClick={() => void preview.refetch()}>
                {t('page.retry')}
              </Button>
            </Alert>
          ) : (
            <Loader size="sm" aria-label={t('change.loadingAmount')} />
          )
        ) : null}
        {!chargesNow && needsPreview && preview.isError ? (
          <Alert color="red" title={errorText(preview.error)}>
            <Button variant="light" size="xs" onClick={() => void preview.refetch()}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : null}
        {decision.mustAcknowledgeCouponRemoval ? (
          <Alert color="orange" title={t('change.couponWarning', { code: couponCode })}>
            <Checkbox
              label={t('change.couponAcknowledge')}
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.currentTarget.checked)}
            />
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={loading}>
            {t('change.cancel')}
          </Button>
          {decision.confirmLabel && decision.requestType ? (
            <Button
              loading={loading}
              disabled={blocked}
              onClick={() =>
                onConfirm({ pkg: target, requestType: decision.requestType ?? 'upgrade', review: decision.effect.kind === 'review', previewToken: preview.data?.preview_token })
              }
            >
              {t(`change.${decision.confirmLabel}`)}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
};
