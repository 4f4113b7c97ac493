import { Alert, Button, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { authenticationRedirectOf, declineKeyOf, errorMessageKeys, isApiError, useCreateLateSubscribeFpxIntent, useLateSubscribe } from '@merchant-hub/api-client';
import type { CurrencyCode, Package } from '@merchant-hub/domain';
import { visiblePlanCards } from '@merchant-hub/billing-rules';
import { formatMoney, invoiceTotals } from '@merchant-hub/money';
import { type FpxBankCode, lateSubscribeFormSchema } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify';
import { useStaffReason } from '../staff-reason';
import type { StaffReasonFields } from '../staff-reason';
import { CardEntryField, useCardEntry } from './card-entry';
import { FpxBankSelect } from './fpx-bank-select';
import { useBillingTexts } from '../billing-texts';

export type LateSubscribeModalProps = {
  packages: Package[];
  currency: CurrencyCode | null;
  userId?: number;
  isStaff: boolean;
  /** Where the bank sends the merchant back (the billing page). */
  returnPath: string;
  /** Leaves the page; replaced in tests. */
  redirect?: (url: string) => void;
};

/**
 * Spec §4 Late subscribe: billing answered code 0, so the merchant must subscribe before anything else. Card:
 * set up the card, then create the subscription. FPX (Malaysia): choose a bank, pay on the bank's page, and the
 * billing page confirms the result when the bank redirects back.
 */
export const LateSubscribeModal = ({ packages, currency, userId, isStaff, returnPath, redirect = (url) => window.location.assign(url) }: LateSubscribeModalProps) => {
  const { t } = useTranslation(['billing', 'validation', 'errors']);
  const notify = useNotify();
  const { noticeText } = useBillingTexts();
  const plans = [...visiblePlanCards({ packages, period: 'monthly', isStaff }), ...visiblePlanCards({ packages, period: 'yearly', isStaff })]
    .flatMap((card) => (card.kind === 'plan' && !card.callForQuote ? [card.pkg] : []));
  const [packageId, setPackageId] = useState<string | null>(plans[0] ? String(plans[0].id) : null);
  const [paymentType, setPaymentType] = useState<'card' | 'fpx'>('card');
  const [bank, setBank] = useState<FpxBankCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entry = useCardEntry({ userId, purpose: 'late-subscribe' });
  const subscribe = useLateSubscribe({ meta: { handlesError: true } });
  const fpxIntent = useCreateLateSubscribeFpxIntent({ meta: { handlesError: true } });
  const chosen = plans.find((p) => String(p.id) === packageId) ?? null;
  // FPX moves ringgit only: offered when both the account and the plan are in MYR (the API refuses otherwise).
  const fpxAvailable = currency === 'MYR' && (chosen === null || chosen.currency === 'MYR');
  const check = lateSubscribeFormSchema.safeParse({ payment_type: paymentType, package_id: packageId ?? undefined, changing_plan: true });
  // The first invoice's total, as the API prices it: the plan's net price plus tax (TWD rounded to a dollar).
  const amount = chosen ? invoiceTotals({ lines: [{ amount: chosen.subtotal }], taxPercent: chosen.tax, currency: chosen.currency }).total : 0;
  const ready = check.success && (paymentType === 'card' ? entry.complete : bank !== null);

  const withReason = useStaffReason();
  const handlePay = async (fields: StaffReasonFields) => {
    if (!check.success || !chosen) return;
    setError(null);
    setBusy(true);
    try {
      if (paymentType === 'fpx') {
        if (!bank) return;
        const intent = await fpxIntent.mutateAsync({ packageId: chosen.id, bank, userId, returnUrl: returnPath, ...fields });
        redirect(intent.redirect_url);
        return;
      }
      const paymentMethod = await entry.confirm();
      const result = await subscribe.mutateAsync({ paymentMethod, package_id: chosen.id, user_id: userId, ...fields });
      notify.success(noticeText(result));
    } catch (failure) {
      const authentication = authenticationRedirectOf(failure);
      if (authentication) {
        redirect(authentication.url);
        return;
      }
      // A refusal reads in the page's language (issue 31 #5): by its decline code, else by the API's key for a card
      // refusal; Stripe.js's own error is already in the page's language; anything else is spec §8's 'Something went wrong'.
      const decline = declineKeyOf(failure);
      const refused = isApiError(failure) && ['card_error', 'payment_failed'].includes(failure.code);
      setError(decline ? t(decline) : refused ? t(errorMessageKeys(failure)) : !isApiError(failure) && failure instanceof Error ? failure.message : t('lateSubscribe.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={t('lateSubscribe.title')} centered size="lg">
      <Stack>
        <Text>{t('lateSubscribe.body')}</Text>
        {plans.length === 0 ? <Alert color="orange">{t('lateSubscribe.noPlans')}</Alert> : null}
        <Select
          label={t('lateSubscribe.plan')}
          data={plans.map((p) => ({
            value: String(p.id),
            label: `${p.name} · ${formatMoney(p.subtotal, p.currency, { trimZeroDecimals: true })}${p.billing_period === 'monthly' ? t('plans.perMonth') : t('plans.perYear')}`,
          }))}
          value={packageId}
          onChange={setPackageId}
          allowDeselect={false}
          error={packageId === null ? t('validation:lateSubscribe.planRequired') : undefined}
        />
        <Radio.Group label={t('lateSubscribe.paymentType')} value={paymentType} onChange={(v) => setPaymentType(v as 'card' | 'fpx')}>
          <Stack gap="xs" mt="xs">
            <Radio value="card" label={t('lateSubscribe.card')} />
            {fpxAvailable ? <Radio value="fpx" label={t('lateSubscribe.fpx')} /> : null}
          </Stack>
        </Radio.Group>
        {paymentType === 'card' ? (
          <CardEntryField entry={entry} disabled={busy} />
        ) : (
          <FpxBankSelect value={bank} onChange={setBank} />
        )}
        {error ? (
          <Alert color="red" role="alert" data-testid="late-subscribe-error">
            {error}
          </Alert>
        ) : null}
        <Button onClick={() => withReason((fields) => void handlePay(fields))} disabled={!ready} loading={busy}>
          {t('lateSubscribe.pay', { amount: chosen ? formatMoney(amount, chosen.currency) : '' })}
        </Button>
      </Stack>
    </Modal>
  );
};
