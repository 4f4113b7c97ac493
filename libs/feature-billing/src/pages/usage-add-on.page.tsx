import { ActionIcon, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useAddOnAmount, useAddOnPackage, useBillingOverview, useSubscribeAddOn } from '@merchant-hub/api-client';
import { addOnQuantityOptions } from '@merchant-hub/billing-rules';
import { formatMoney } from '@merchant-hub/money';
import { ConfirmModal, ErrorState, PageLoader, formatDate, usePageTitle } from '@merchant-hub/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBillingScope } from '../billing-scope';
import { SummaryRow } from '../components/summary-row';
import { useErrorText, useNotify } from '../notify';
import { useStaffReason } from '../staff-reason';
import { useActingMerchant } from '../use-store-chooser';

/** /profile/billing/usage-add-on: buy more sales channels for the rest of the plan's billing cycle (spec §2). */
export const UsageAddOnPage = () => {
  const { t } = useTranslation(['billing', 'errors']);
  usePageTitle(t('addOn.title'));
  const scope = useBillingScope();
  const acting = useActingMerchant();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const overview = useBillingOverview(acting.userId, { meta: { handlesError: true }, retry: false, enabled: acting.ready });
  const storeId = overview.data ? (acting.storeId ?? overview.data.userData.inventory_users.inventory_store_users.store_id) : 0;
  const existing = overview.data?.all.find((s) => s.name === 'multistore' && s.stripe_status !== 'canceled') ?? null;
  const locked = existing?.quantity ?? 0;
  const options = addOnQuantityOptions(locked);
  // The channels already paid for cannot be bought again: start one above them.
  const [quantity, setQuantity] = useState<number | null>(null);
  const chosenQuantity = quantity ?? (locked > 0 ? locked + 1 : options[0].value);
  const [couponDraft, setCouponDraft] = useState('');
  const [coupon, setCoupon] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const pkg = useAddOnPackage({ storeId, userId: acting.userId }, { meta: { handlesError: true }, retry: false });
  const amount = useAddOnAmount({ quantity: chosenQuantity, storeId, coupon, userId: acting.userId }, { meta: { handlesError: true }, retry: false });
  const subscribe = useSubscribeAddOn({ meta: { handlesError: true } });
  const withReason = useStaffReason();
  const sentBack = useRef(false);

  // Spec §8: a quote that fails shows the server's message (or 'something is wrong') and returns to billing.
  const failure = overview.error ?? pkg.error ?? amount.error;
  useEffect(() => {
    if (!failure || sentBack.current) return;
    sentBack.current = true;
    notify.error(failure, { fallbackKey: 'errors:general.somethingIsWrong' });
    void navigate(scope.paths.billing, { replace: true });
  }, [failure, notify, navigate, scope.paths.billing]);

  const back = () => void navigate(scope.paths.billing);
  if (failure) return <ErrorState title={errorText(failure, 'errors:general.somethingIsWrong')} />;
  if (!acting.ready || overview.isPending || pkg.isPending || (amount.isPending && !amount.data)) return <PageLoader label={t('page.loading')} />;
  const quote = amount.data;
  if (!quote || !pkg.data) return <PageLoader label={t('page.loading')} />;
  const money = (value: number) => formatMoney(value, quote.currency);
  const invalidCoupon = coupon !== undefined && quote.isInvalidCoupon;

  const handleSubscribe = () =>
    withReason((fields) =>
      subscribe.mutate(
        { quantity: chosenQuantity, storeId, coupon: invalidCoupon ? undefined : coupon, userId: acting.userId, previewToken: quote.preview_token, ...fields },
        {
          onSuccess: () => {
            notify.success(t('errors:success.addOnSubscribed'));
            void navigate(scope.paths.billing);
          },
          onError: (error) => {
            setConfirming(false);
            notify.error(error);
          },
        },
      ),
    );

  return (
    <Stack gap="lg" maw={720}>
      <Group gap="sm">
        <ActionIcon variant="subtle" size="lg" onClick={back} aria-label={t('addOn.back')}>
          <span aria-hidden>←</span>
        </ActionIcon>
        <Title order={1} size="h2">
          {t('addOn.title')}
        </Title>
      </Group>
      <Card withBorder radius="md">
        <Stack>
          <Group justify="space-between">
            <Text c="dimmed">{t('addOn.cycle')}</Text>
            <Text fw={600} data-testid="add-on-cycle">
              {t('addOn.cycleRange', { start: formatDate(quote.billing_cycle_start_date), end: formatDate(quote.billing_cycle_end_date) })}
            </Text>
          </Group>
          <Select
            label={t('addOn.quantity')}
            data={options.map((o) => ({ value: String(o.value), label: t('addOn.storeCount', { count: o.value }), disabled: o.value <= locked }))}
            value={String(chosenQuantity)}
            onChange={(value) => value && setQuantity(Number(value))}
            allowDeselect={false}
            description={locked > 0 ? t('addOn.locked', { count: locked }) : undefined}
          />
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('addOn.coupon')}
              value={couponDraft}
              onChange={(e) => setCouponDraft(e.currentTarget.value)}
              error={invalidCoupon ? t('addOn.invalidCoupon') : undefined}
              autoComplete="off"
            />
            {coupon !== undefined ? (
              <Button
                variant="default"
                onClick={() => {
                  setCoupon(undefined);
                  setCouponDraft('');
                }}
              >
                {t('addOn.removeCoupon')}
              </Button>
            ) : null}
            <Button variant="light" disabled={couponDraft.trim() === ''} onClick={() => setCoupon(couponDraft.trim())} loading={amount.isFetching && coupon !== undefined}>
              {t('addOn.applyCoupon')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Table>
          <Table.Tbody>
            <SummaryRow label={`${t('addOn.price')} (${t(`addOn.period.${pkg.data.billing_period}`)})`} value={money(quote.unit_price)} />
            <SummaryRow label={t('addOn.prorated')} value={money(quote.prorated_amount ?? quote.sub_total_amount)} />
            {(quote.discount_amount ?? 0) > 0 ? <SummaryRow label={t('addOn.discount')} value={money(-(quote.discount_amount ?? 0))} /> : null}
            <SummaryRow label={t('addOn.subtotal')} value={money(quote.sub_total_amount)} testId="add-on-subtotal" />
            <SummaryRow label={t('addOn.tax', { label: quote.tax_label ?? pkg.data.tax_label, percent: quote.tax_percentage })} value={money(quote.tax_amount ?? 0)} />
            <SummaryRow label={t('addOn.appliedCredit')} value={money(-quote.applied_balance)} />
            <SummaryRow label={t('addOn.total')} value={money(quote.grand_total_amount)} strong testId="add-on-total" />
          </Table.Tbody>
        </Table>
      </Card>
      <Group justify="flex-end">
        <Button size="md" onClick={() => setConfirming(true)} disabled={amount.isFetching || chosenQuantity <= locked}>
          {t('addOn.next')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('addOn.confirm.title')}
        confirmLabel={t('addOn.confirm.confirm')}
        cancelLabel={t('addOn.confirm.cancel')}
        loading={subscribe.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={handleSubscribe}
      >
        {t('addOn.confirm.body', { amount: money(quote.grand_total_amount), count: chosenQuantity })}
      </ConfirmModal>
    </Stack>
  );
};
