import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import {
  mustSubscribeOf,
  useBillingOverview,
  authenticationRedirectOf,
  threeDsReturnOf,
  useCancelTrialingPackage,
  useChangePlan,
  useConfirmLateSubscribeFpx,
  useConfirmRetryPaymentFpx,
  useConfirmPayment,
  useCurrentUser,
  useResume,
  useRetryPayment,
  useUnsubscribe,
} from '@merchant-hub/api-client';
import { addOnAction, currentPlanSubscription, isAddOnSectionVisible, isStaff as hasStaffRole, pendingPlanChange, retryMethods } from '@merchant-hub/billing-rules';
import type { Package } from '@merchant-hub/domain';
import { ConfirmModal, ErrorState, PageLoader, formatDate, usePageTitle } from '@merchant-hub/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useBillingScope } from '../billing-scope';
import { ApplyCouponModal } from '../components/apply-coupon-modal';
import { BillingDetailModal } from '../components/billing-detail-modal';
import { BillingHistoryModal } from '../components/billing-history-modal';
import { BillingInfoCard } from '../components/billing-info-card';
import { CreditBalanceModal } from '../components/credit-balance-modal';
import { CurrentPlanCard } from '../components/current-plan-card';
import { HowYouPayCard } from '../components/how-you-pay-card';
import { LateSubscribeModal } from '../components/late-subscribe-modal';
import { ManageCardsModal } from '../components/manage-cards-modal';
import { PlanCards } from '../components/plan-cards';
import { PlanChangeModal } from '../components/plan-change-modal';
import { ECPAY_RETURN_FLOW, EcpayInvoiceLinkModal, PastDueEcpayBanner } from '../components/ecpay-pay';
import { FPX_RETRY_FLOW, RetryFpxModal } from '../components/retry-fpx-modal';
import { SalesChannelCard } from '../components/sales-channel-card';
import { StoreChooser } from '../components/store-chooser';
import { UsageLimitCard } from '../components/usage-limit-card';
import { useErrorText, useNotify } from '../notify';
import { useStaffReason } from '../staff-reason';
import { useStoreChooser } from '../use-store-chooser';
import { useBillingTexts } from '../billing-texts';

type OpenModal = 'credit' | 'coupon' | 'detail' | 'history' | 'cards' | 'unsubscribe' | 'resume' | 'cancelScheduled' | null;

/** The billing route: staff choose a merchant first (spec §6), merchants see their own billing. */
export const BillingPage = () => {
  const scope = useBillingScope();
  const user = useCurrentUser({ meta: { handlesError: true }, enabled: scope.userId === undefined });
  const staff = scope.isStaff || hasStaffRole(user.data?.roles ?? null);
  const chooser = useStoreChooser(staff && scope.userId === undefined);
  const { t } = useTranslation('billing');
  usePageTitle(t('page.title'));
  if (scope.userId === undefined && user.isPending) return <PageLoader label={t('page.loading')} />;
  if (chooser.isStaff && chooser.chosen === null) return <StoreChooser chooser={chooser} />;
  const userId = scope.userId ?? chooser.chosen?.userId;
  return (
    <Stack gap="lg">
      {chooser.chosen ? (
        <Group justify="space-between">
          <Text fw={600}>{t('storeChooser.actingFor', { name: chooser.chosen.name })}</Text>
          <Anchor component="button" onClick={chooser.clear}>
            {t('storeChooser.change')}
          </Anchor>
        </Group>
      ) : null}
      <BillingScreen userId={userId} storeId={chooser.chosen?.storeId} isStaff={staff} />
    </Stack>
  );
};

const BillingScreen = ({ userId, storeId: chosenStoreId, isStaff }: { userId?: number; storeId?: number; isStaff: boolean }) => {
  const { t } = useTranslation(['billing', 'errors']);
  const { paths } = useBillingScope();
  const navigate = useNavigate();
  const notify = useNotify();
  const { noticeText } = useBillingTexts();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const overview = useBillingOverview(userId, { meta: { handlesError: true }, retry: false });
  const [modal, setModal] = useState<OpenModal>(null);
  const [target, setTarget] = useState<Package | null>(null);
  // Several modals are drawn afresh on each opening (their `key` changes), which unmounts the one that knew where
  // focus came from before it could give it back: the page remembers the opener and returns focus to it on close.
  useFocusReturn({ opened: modal !== null || target !== null });
  const handled = { meta: { handlesError: true } } as const;
  const changePlan = useChangePlan(handled);
  const cancelTrialing = useCancelTrialingPackage(handled);
  const unsubscribe = useUnsubscribe(handled);
  const resume = useResume(handled);
  const retry = useRetryPayment(handled);
  const confirmFpx = useConfirmLateSubscribeFpx(handled);
  const confirmRetryFpx = useConfirmRetryPaymentFpx(handled);
  const [retryFpxType, setRetryFpxType] = useState<'default' | 'multistore' | null>(null);
  const fpxHandled = useRef(false);
  const confirmPayment = useConfirmPayment(handled);
  const threeDsHandled = useRef(false);
  const withReason = useStaffReason();
  // The payment-failed e-mail of a TWD invoice links here with `pay=ecpay&invoice=<id>` (issue 25 #4).
  const [ecpayInvoice, setEcpayInvoice] = useState<string | null>(() => (params.get('pay') === 'ecpay' ? params.get('invoice') : null));

  // Back from ECPay's cashier: the invoice is paid when ECPay's server says so (it usually has by now).
  useEffect(() => {
    if (params.get('flow') !== ECPAY_RETURN_FLOW) return;
    setParams({}, { replace: true });
    notify.text(t('billing:ecpay.returned'), 'green');
    void overview.refetch();
  }, [params, setParams, notify, t, overview]);

  // Back from the card issuer's 3-D Secure page: confirm either way, so a failed authentication voids what waited.
  useEffect(() => {
    const back = threeDsReturnOf(params);
    if (!back || threeDsHandled.current) return;
    threeDsHandled.current = true;
    setParams({}, { replace: true });
    confirmPayment.mutate(
      { payment_intent: back.paymentIntent, user_id: userId },
      {
        onSuccess: () => notify.success(t('errors:success.paymentReceived')),
        onError: (error) => (authenticationRedirectOf(error) ? notify.error(error) : notify.text(t('errors:billing.authenticationFailed'))),
      },
    );
  }, [params, setParams, confirmPayment, notify, t, userId]);

  // Back from the FPX bank page (spec §4): succeeded confirms the subscription, anything else is a failure.
  useEffect(() => {
    if (params.get('flow') === '3ds') return;
    const intentId = params.get('payment_intent');
    const status = params.get('redirect_status');
    if (!intentId || !status || fpxHandled.current) return;
    fpxHandled.current = true;
    const retrying = params.get('flow') === FPX_RETRY_FLOW;
    setParams({}, { replace: true });
    if (status !== 'succeeded') {
      notify.text(t('errors:billing.fpxPaymentFailed'));
      return;
    }
    if (retrying) {
      // Back from paying a past-due invoice at the bank: that invoice is paid once and the plan is active again.
      confirmRetryFpx.mutate(
        { payment_intent_id: intentId, user_id: userId },
        {
          onSuccess: () => notify.success(t('errors:success.paymentReceived')),
          onError: (error) => notify.error(error, { fallbackKey: 'errors:billing.fpxPaymentFailed' }),
        },
      );
      return;
    }
    confirmFpx.mutate(
      { payment_intent_id: intentId, user_id: userId },
      {
        onSuccess: () => notify.success(t('errors:success.welcome', { product: t('common:appName') })),
        onError: (error) => notify.error(error, { fallbackKey: 'errors:billing.fpxPaymentFailed' }),
      },
    );
  }, [params, setParams, confirmFpx, confirmRetryFpx, notify, t, userId]);

  if (overview.isPending || confirmFpx.isPending || confirmRetryFpx.isPending || confirmPayment.isPending) return <PageLoader label={t('page.loading')} />;
  if (overview.isError) {
    const late = mustSubscribeOf(overview.error);
    if (late) {
      return (
        <Stack>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <LateSubscribeModal packages={late.packages} currency={late.currency} userId={userId} isStaff={isStaff} returnPath={paths.billing} />
        </Stack>
      );
    }
    return <ErrorState title={t('page.loadFailed')} description={errorText(overview.error)} onRetry={() => void overview.refetch()} retryLabel={t('page.retry')} />;
  }

  const data = overview.data;
  const current = currentPlanSubscription(data.all);
  const pending = pendingPlanChange(data.all);
  const plan = data.selectedPackage.find((p) => p.selected)?.data ?? current?.package ?? null;
  const packages = data.selectedPackage.map((p) => p.data);
  const addOnVisible = data.addOnSectionVisible ?? isAddOnSectionVisible(data.all);
  const addOn = data.all.find((s) => s.name === 'multistore' && s.stripe_status !== 'canceled') ?? null;
  const storeId = chosenStoreId ?? data.userData.inventory_users.inventory_store_users.store_id;
  const billingIncomplete = data.billing === null || data.billing.name === '' || data.billing.address1 === '';
  const payMethods = retryMethods({ currency: data.currency, hasCard: data.paymentMethod.data.length > 0, paymentType: data.userData.payment_type });
  const busy = unsubscribe.isPending || resume.isPending || retry.isPending || cancelTrialing.isPending;

  const handleRetry = (type: 'default' | 'multistore') =>
    withReason((fields) =>
      retry.mutate(
        { type, user_id: userId, ...fields },
        {
          onSuccess: (result) => notify.success(noticeText(result, t('errors:success.paymentReceived'))),
          onError: (error) => notify.error(error, { title: t('errors:billing.paymentFailed') }),
        },
      ),
    );

  const handleConfirmChange = ({ pkg, requestType, review, previewToken }: { pkg: Package; requestType: 'upgrade' | 'downgrade'; review: boolean; previewToken?: string }) => {
    if (review) {
      setTarget(null);
      void navigate(`${paths.upgrade}?package_id=${pkg.id}`);
      return;
    }
    withReason((fields) =>
      changePlan.mutate(
        { package_id: pkg.id, type: requestType, store_id: storeId || undefined, user_id: userId, preview_token: previewToken, ...fields },
        {
          onSuccess: (result) => {
            notify.success(noticeText(result));
            setTarget(null);
          },
          onError: (error) =>
            notify.error(error, { fallbackKey: requestType === 'downgrade' ? 'errors:billing.downgradeFailed' : 'errors:billing.upgradeFailed' }),
        },
      ),
    );
  };

  const pastDueInTwd = data.currency === 'TWD' && current?.stripe_status === 'past_due';
  const closeEcpayLink = () => {
    setEcpayInvoice(null);
    if (params.get('pay')) setParams({}, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      {pastDueInTwd ? <PastDueEcpayBanner userId={userId} returnPath={paths.billing} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CurrentPlanCard
          overview={data}
          busy={busy}
          onResume={() => setModal('resume')}
          onUnsubscribe={() => setModal('unsubscribe')}
          onRetryPayment={() => handleRetry('default')}
          onRetryByFpx={() => setRetryFpxType('default')}
          onAddCard={() => setModal('cards')}
          onCancelScheduled={() => setModal('cancelScheduled')}
          onApplyCoupon={() => setModal('coupon')}
          onCreditBalance={() => setModal('credit')}
          onHistory={() => setModal('history')}
        />
        <UsageLimitCard plan={plan} />
        <BillingInfoCard info={data.billing} onEdit={() => setModal('detail')} />
        <HowYouPayCard cards={data.paymentMethod.data} defaultId={data.userData.default_payment_methods} paymentType={data.userData.payment_type} onManage={() => setModal('cards')} />
        {addOnVisible || data.addOnIsPastDue ? (
          <SalesChannelCard
            action={addOnAction({ subscriptions: data.all, addOnIsPastDue: data.addOnIsPastDue })}
            extraChannels={addOn?.quantity ?? 0}
            busy={retry.isPending}
            owed={{ invoice: data.openInvoices?.find((invoice) => invoice.type === 'multistore') ?? null, methods: payMethods }}
            onSubscribe={() => void navigate(paths.addOn)}
            onRetryPayment={() => handleRetry('multistore')}
            onRetryByFpx={() => setRetryFpxType('multistore')}
            onAddCard={() => setModal('cards')}
          />
        ) : null}
      </SimpleGrid>
      <PlanCards packages={packages} subscriptions={data.all} isStaff={isStaff} initialPeriod={data.currentBillingPeriod ?? 'monthly'} onOrder={setTarget} />

      <PlanChangeModal key={target?.id ?? 'none'} target={target} subscriptions={data.all} userId={userId} loading={changePlan.isPending} onClose={() => setTarget(null)} onConfirm={handleConfirmChange} />
      <EcpayInvoiceLinkModal invoiceId={data.currency === 'TWD' ? ecpayInvoice : null} userId={userId} returnPath={paths.billing} onClose={closeEcpayLink} />
      <RetryFpxModal
        key={retryFpxType ?? 'closed'}
        type={retryFpxType}
        invoice={data.openInvoices?.find((invoice) => invoice.type === retryFpxType) ?? null}
        userId={userId}
        returnPath={paths.billing}
        onClose={() => setRetryFpxType(null)}
      />
      <CreditBalanceModal opened={modal === 'credit'} userId={userId} onClose={() => setModal(null)} />
      <ApplyCouponModal opened={modal === 'coupon'} userId={userId} storeId={storeId} onClose={() => setModal(null)} />
      {data.billing ? (
        <BillingDetailModal
          key={`${modal === 'detail'}-${data.billing.name}`}
          opened={modal === 'detail'}
          info={data.billing}
          userMerchantId={data.billing.user_merchant_id}
          userId={userId}
          onClose={() => setModal(null)}
        />
      ) : null}
      <BillingHistoryModal
        key={`history-${modal === 'history'}`}
        opened={modal === 'history'}
        userId={userId}
        accountCreatedAt={data.billing?.created_at ?? null}
        showPdf={isStaff}
        today={data.now}
        ecpayReturnPath={data.currency === 'TWD' ? paths.billing : undefined}
        onClose={() => setModal(null)}
      />
      <ManageCardsModal opened={modal === 'cards'} cards={data.paymentMethod.data} defaultId={data.userData.default_payment_methods} userId={userId} onClose={() => setModal(null)} />
      <ConfirmModal
        opened={modal === 'unsubscribe'}
        title={t('currentPlan.unsubscribeConfirm.title', { plan: plan?.name ?? '' })}
        confirmLabel={t('currentPlan.unsubscribeConfirm.confirm')}
        cancelLabel={t('currentPlan.unsubscribeConfirm.cancel')}
        destructive
        loading={unsubscribe.isPending}
        onCancel={() => setModal(null)}
        onConfirm={() =>
          withReason((fields) =>
            unsubscribe.mutate({ userId, ...fields }, { onSuccess: (r) => notify.success(noticeText(r)), onError: (e) => notify.error(e), onSettled: () => setModal(null) }),
          )
        }
      >
        {t('currentPlan.unsubscribeConfirm.body', { date: formatDate(current?.current_period_end ?? '') ?? '—' })}
      </ConfirmModal>
      <ConfirmModal
        opened={modal === 'resume'}
        title={t('currentPlan.resumeConfirm.title', { plan: plan?.name ?? '' })}
        confirmLabel={t('currentPlan.resumeConfirm.confirm')}
        cancelLabel={t('currentPlan.resumeConfirm.cancel')}
        loading={resume.isPending}
        onCancel={() => setModal(null)}
        onConfirm={() =>
          withReason((fields) =>
            resume.mutate({ userId, ...fields }, { onSuccess: (r) => notify.success(noticeText(r)), onError: (e) => notify.error(e), onSettled: () => setModal(null) }),
          )
        }
      >
        {t('currentPlan.resumeConfirm.body', { date: formatDate(current?.current_period_end ?? '') ?? '—' })}
      </ConfirmModal>
      <ConfirmModal
        opened={modal === 'cancelScheduled'}
        title={t('currentPlan.cancelScheduledConfirm.title', { plan: pending?.subscription.package?.name ?? '' })}
        confirmLabel={t('currentPlan.cancelScheduledConfirm.confirm')}
        cancelLabel={t('currentPlan.cancelScheduledConfirm.cancel')}
        loading={cancelTrialing.isPending}
        onCancel={() => setModal(null)}
        onConfirm={() =>
          pending &&
          withReason((fields) =>
            cancelTrialing.mutate(
              { price_id: pending.subscription.stripe_plan, store_id: storeId || undefined, user_id: userId, ...fields },
              {
                onSuccess: () => notify.success(t('errors:success.nextBillingCanceled')),
                onError: (e) => notify.error(e, { fallbackKey: 'errors:billing.cancelTrialingFailed' }),
                onSettled: () => setModal(null),
              },
            ),
          )
        }
      >
        {t('currentPlan.cancelScheduledConfirm.body', { current: plan?.name ?? '' })}
      </ConfirmModal>
      {billingIncomplete && data.billing && modal !== 'detail' && isBillingRequired(params) ? (
        <BillingDetailModal forced opened info={data.billing} userMerchantId={data.billing.user_merchant_id} userId={userId} onClose={() => setModal(null)} />
      ) : null}
    </Stack>
  );
};

/** A flow that needs billing details first (checkout hand-off, `?billing=required`) forces the form open. */
const isBillingRequired = (params: URLSearchParams): boolean => params.get('billing') === 'required';

