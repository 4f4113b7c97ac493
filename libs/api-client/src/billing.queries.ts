import type { BillingHistory, CreditBalance } from '@merchant-hub/domain';
import type {
  AddCardInput,
  AddCouponInput,
  CancelTrialingPackageInput,
  ConfirmPaymentInput,
  DeleteCardInput,
  DowngradeOrUpgradeInput,
  LateSubscribeFpxInput,
  LateSubscribeInput,
  RetryPaymentInput,
  SetPrimaryCardInput,
} from '@merchant-hub/validation';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from './account.queries';
import {
  addCard,
  addCoupon,
  cancelTrialingPackage,
  changePlan,
  confirmLateSubscribeFpx,
  confirmRetryPaymentFpx,
  createRetryPaymentFpxIntent,
  payInvoiceWithEcpay,
  confirmPayment,
  createLateSubscribeFpxIntent,
  createLateSubscribeIntent,
  createSandboxPaymentMethod,
  createSetupIntent,
  deleteCard,
  fetchAddOnAmount,
  fetchAddOnPackage,
  fetchBillingHistory,
  fetchBillingOverview,
  fetchCreditBalance,
  fetchMerchantStores,
  fetchPlanChangePreview,
  lateSubscribe,
  resumePlan,
  retryPayment,
  setPrimaryCard,
  subscribeAddOn,
  unsubscribePlan,
  updateBillingInfo,
} from './billing.api';
import type {
  AddOnAmount,
  AddOnPackageDetail,
  BillingOverview,
  MerchantStoreRow,
  NewSandboxCard,
  PlanChangePreview,
} from './billing.api';
import { useHttpClient } from './http-client-context';
import { createQueryKeys } from './query-keys';

type Self = number | 'self';
const who = (userId: number | undefined): Self => userId ?? 'self';

/**
 * Every billing read lives under `['billing', …]`, so one invalidation after a money-moving call refreshes the
 * page, the history, the ledger and the quotes together. `detail(user)` is the billing/all answer.
 */
export const billingKeys = {
  ...createQueryKeys('billing'),
  preview: (userId: Self, packageId: number) => ['billing', 'preview', userId, packageId] as const,
  creditBalance: (userId: Self, cursor: CreditBalanceCursor) => ['billing', 'credit-balance', userId, cursor] as const,
  history: (userId: Self, range: { date_start?: number; date_end?: number }) => ['billing', 'history', userId, range] as const,
  addOnPackage: (userId: Self, storeId: number) => ['billing', 'add-on-package', userId, storeId] as const,
  addOnAmount: (userId: Self, input: { quantity: number; storeId: number; coupon?: string }) => ['billing', 'add-on-amount', userId, input] as const,
  merchants: (search: string) => ['merchants', 'list', { search }] as const,
};

export type CreditBalanceCursor = { ending_before?: string; starting_after?: string };

/**
 * Billing reads, and — when staff act for a merchant — the console's reads of that account (merchant page,
 * timeline, directory, audit log), so what the change did shows without a reload. A merchant has no staff reads.
 */
const useInvalidateBilling = () => {
  const queryClient = useQueryClient();
  return async () => {
    // A read still in flight may have been answered before the change: cancel it, so the refetch below is a new
    // request (invalidating alone would join the stale one).
    await queryClient.cancelQueries({ queryKey: billingKeys.all });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'staff' && query.queryKey[1] !== 'me' }),
    ]);
  };
};

/** A mutation whose success changes billing state: billing reads refetch before `onSuccess` callers run on. */
const useBillingMutation = <TResult, TInput>(
  mutationFn: (input: TInput) => Promise<TResult>,
  options: MutationHookOptions<TResult, TInput>,
) => {
  const invalidate = useInvalidateBilling();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      await invalidate();
      await options.onSuccess?.(...args);
    },
    // A refused change is on the account too (a failed payment, the refusal in the audit log).
    onError: async (...args) => {
      await invalidate();
      await options.onError?.(...args);
    },
  });
};

// ---------------------------------------------------------------------------------------------------------- reads

/** GET users/billing/all. A 402 with `code: 0` (read it with `mustSubscribeOf`) means late subscribe. */
export const useBillingOverview = (userId?: number, options: QueryHookOptions<BillingOverview> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: billingKeys.detail(who(userId)),
    queryFn: ({ signal }) => fetchBillingOverview(http, userId, signal),
    ...options,
  });
};

export const usePlanChangePreview = (
  input: { packageId: number | null; userId?: number },
  options: QueryHookOptions<PlanChangePreview> = {},
) => {
  const http = useHttpClient();
  const packageId = input.packageId ?? 0;
  return useQuery({
    queryKey: billingKeys.preview(who(input.userId), packageId),
    queryFn: ({ signal }) => fetchPlanChangePreview(http, { packageId, userId: input.userId }, signal),
    enabled: packageId > 0,
    // A quote goes stale with the clock: always ask again when the page opens.
    staleTime: 0,
    ...options,
  });
};

/** One page of the credit ledger; the cursor pages toward older (`starting_after`) or newer (`ending_before`). */
export const useCreditBalance = (
  input: { userId?: number; cursor: CreditBalanceCursor },
  options: QueryHookOptions<CreditBalance> = {},
) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: billingKeys.creditBalance(who(input.userId), input.cursor),
    queryFn: ({ signal }) => fetchCreditBalance(http, { user_id: input.userId, ...input.cursor }, signal),
    placeholderData: keepPreviousData,
    ...options,
  });
};

/** Invoices in a date range, newest first; `fetchNextPage` is Show More (cursor: the last invoice shown). */
export const useBillingHistory = (
  input: { userId?: number; range: { date_start: number; date_end: number } | null },
  options: { enabled?: boolean; meta?: { handlesError?: boolean } } = {},
) => {
  const http = useHttpClient();
  const range = input.range ?? {};
  return useInfiniteQuery({
    queryKey: billingKeys.history(who(input.userId), range),
    queryFn: ({ pageParam, signal }): Promise<BillingHistory> =>
      fetchBillingHistory(http, { user_id: input.userId, ...range, ...(pageParam ? { start_after: pageParam } : {}) }, signal),
    initialPageParam: '' as string,
    getNextPageParam: (last) => {
      const more = last.has_more || last.hasMore === true;
      return more && last.data.length > 0 ? last.data[last.data.length - 1].id : undefined;
    },
    enabled: input.range !== null && options.enabled !== false,
    meta: options.meta,
  });
};

export const useAddOnPackage = (input: { storeId: number; userId?: number }, options: QueryHookOptions<AddOnPackageDetail> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: billingKeys.addOnPackage(who(input.userId), input.storeId),
    queryFn: ({ signal }) => fetchAddOnPackage(http, input, signal),
    enabled: input.storeId > 0,
    ...options,
  });
};

export const useAddOnAmount = (
  input: { quantity: number; storeId: number; coupon?: string; userId?: number },
  options: QueryHookOptions<AddOnAmount> = {},
) => {
  const http = useHttpClient();
  const key = { quantity: input.quantity, storeId: input.storeId, coupon: input.coupon || undefined };
  return useQuery({
    queryKey: billingKeys.addOnAmount(who(input.userId), key),
    queryFn: ({ signal }) => fetchAddOnAmount(http, { ...key, userId: input.userId }, signal),
    enabled: input.storeId > 0 && input.quantity > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    ...options,
  });
};

/** Staff only: the searchable merchant list of the store chooser. */
export const useMerchantStores = (search: string, options: QueryHookOptions<MerchantStoreRow[]> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: billingKeys.merchants(search.trim()),
    queryFn: ({ signal }) => fetchMerchantStores(http, search, signal),
    placeholderData: keepPreviousData,
    ...options,
  });
};

// ------------------------------------------------------------------------------------------------------- changes

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export const useChangePlan = (options: MutationHookOptions<Result<typeof changePlan>, DowngradeOrUpgradeInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: DowngradeOrUpgradeInput) => changePlan(http, input), options);
};

export const useCancelTrialingPackage = (
  options: MutationHookOptions<Result<typeof cancelTrialingPackage>, CancelTrialingPackageInput> = {},
) => {
  const http = useHttpClient();
  return useBillingMutation((input: CancelTrialingPackageInput) => cancelTrialingPackage(http, input), options);
};

export const useUnsubscribe = (options: MutationHookOptions<Result<typeof unsubscribePlan>, { userId?: number; reason?: string }> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: { userId?: number; reason?: string }) => unsubscribePlan(http, input), options);
};

export const useResume = (options: MutationHookOptions<Result<typeof resumePlan>, { userId?: number; reason?: string }> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: { userId?: number; reason?: string }) => resumePlan(http, input), options);
};

/** Back from 3-D Secure: settles the payment and refreshes every billing read. */
export const useConfirmPayment = (options: MutationHookOptions<Result<typeof confirmPayment>, ConfirmPaymentInput> = {}) => {
  const http = useHttpClient();
  const invalidate = useInvalidateBilling();
  // A failed authentication also changed state (the invoice is void), so refresh whatever the answer.
  return useMutation({ ...options, mutationFn: (input: ConfirmPaymentInput) => confirmPayment(http, input), onSettled: async (...args) => { await invalidate(); await options.onSettled?.(...args); } });
};

export const useRetryPayment = (options: MutationHookOptions<Result<typeof retryPayment>, RetryPaymentInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: RetryPaymentInput) => retryPayment(http, input), options);
};

export const useAddCoupon = (options: MutationHookOptions<Result<typeof addCoupon>, AddCouponInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: AddCouponInput) => addCoupon(http, input), options);
};

export const useUpdateBillingInfo = (
  options: MutationHookOptions<Result<typeof updateBillingInfo>, Parameters<typeof updateBillingInfo>[1]> = {},
) => {
  const http = useHttpClient();
  return useBillingMutation((input: Parameters<typeof updateBillingInfo>[1]) => updateBillingInfo(http, input), options);
};

export const useSetPrimaryCard = (options: MutationHookOptions<Result<typeof setPrimaryCard>, SetPrimaryCardInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: SetPrimaryCardInput) => setPrimaryCard(http, input), options);
};

export const useDeleteCard = (options: MutationHookOptions<Result<typeof deleteCard>, DeleteCardInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: DeleteCardInput) => deleteCard(http, input), options);
};

export const useCreateSetupIntent = (options: MutationHookOptions<Result<typeof createSetupIntent>, { userId?: number }> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: { userId?: number }) => createSetupIntent(http, input) });
};

export const useAddCard = (options: MutationHookOptions<Result<typeof addCard>, AddCardInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: AddCardInput) => addCard(http, input), options);
};

export const useCreateLateSubscribeIntent = (
  options: MutationHookOptions<Result<typeof createLateSubscribeIntent>, { userId?: number }> = {},
) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: { userId?: number }) => createLateSubscribeIntent(http, input) });
};

export const useLateSubscribe = (options: MutationHookOptions<Result<typeof lateSubscribe>, LateSubscribeInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: LateSubscribeInput) => lateSubscribe(http, input), options);
};

export const useCreateLateSubscribeFpxIntent = (
  options: MutationHookOptions<Result<typeof createLateSubscribeFpxIntent>, Parameters<typeof createLateSubscribeFpxIntent>[1]> = {},
) => {
  const http = useHttpClient();
  return useMutation({
    ...options,
    mutationFn: (input: Parameters<typeof createLateSubscribeFpxIntent>[1]) => createLateSubscribeFpxIntent(http, input),
  });
};

export const useConfirmLateSubscribeFpx = (
  options: MutationHookOptions<Result<typeof confirmLateSubscribeFpx>, LateSubscribeFpxInput> = {},
) => {
  const http = useHttpClient();
  return useBillingMutation((input: LateSubscribeFpxInput) => confirmLateSubscribeFpx(http, input), options);
};

export const useCreateRetryPaymentFpxIntent = (
  options: MutationHookOptions<Result<typeof createRetryPaymentFpxIntent>, Parameters<typeof createRetryPaymentFpxIntent>[1]> = {},
) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: Parameters<typeof createRetryPaymentFpxIntent>[1]) => createRetryPaymentFpxIntent(http, input) });
};

/** Starts paying an invoice through ECPay: the form to post to ECPay's cashier (nothing is paid until ECPay says so). */
export const usePayInvoiceWithEcpay = (options: MutationHookOptions<Result<typeof payInvoiceWithEcpay>, Parameters<typeof payInvoiceWithEcpay>[1]> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: Parameters<typeof payInvoiceWithEcpay>[1]) => payInvoiceWithEcpay(http, input) });
};

export const useConfirmRetryPaymentFpx = (options: MutationHookOptions<Result<typeof confirmRetryPaymentFpx>, LateSubscribeFpxInput> = {}) => {
  const http = useHttpClient();
  return useBillingMutation((input: LateSubscribeFpxInput) => confirmRetryPaymentFpx(http, input), options);
};

export const useSubscribeAddOn = (
  options: MutationHookOptions<Result<typeof subscribeAddOn>, Parameters<typeof subscribeAddOn>[1]> = {},
) => {
  const http = useHttpClient();
  return useBillingMutation((input: Parameters<typeof subscribeAddOn>[1]) => subscribeAddOn(http, input), options);
};

/** Sandbox gateway: card details → payment method id (what Stripe.js does in the browser with Stripe). */
export const useCreateSandboxPaymentMethod = (
  options: MutationHookOptions<Result<typeof createSandboxPaymentMethod>, NewSandboxCard> = {},
) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (card: NewSandboxCard) => createSandboxPaymentMethod(http, card) });
};
