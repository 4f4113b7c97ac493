import type {
  AddOnPackage,
  BillingHistory,
  BillingInfo,
  BillingResponse,
  Card,
  CardBrand,
  Coupon,
  CreditBalance,
  CurrencyCode,
  Invoice,
  MerchantStore,
  Package,
  UsageAddOnInfo,
} from '@merchant-hub/domain';
import type {
  AddCardInput,
  AddCouponInput,
  BillingHistoryQueryInput,
  BillingInfoInput,
  CancelTrialingPackageInput,
  ConfirmPaymentInput,
  CreditBalanceQueryInput,
  DeleteCardInput,
  DowngradeOrUpgradeInput,
  FpxBankCode,
  LateSubscribeFpxInput,
  LateSubscribeInput,
  RetryPaymentInput,
  SetPrimaryCardInput,
} from '@merchant-hub/validation';
import { billingAllSchema, planChangePreviewSchema } from './response-schemas';
import { ApiError, isApiError } from './api-error';
import type { HttpClient } from './http-client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : undefined);

/** GET users/billing/all as this API answers it: the spec's fields plus what the page needs beside them. */
export type BillingOverview = BillingResponse & {
  addOnSectionVisible?: boolean;
  /** The ledger's own sign: negative is credit. `creditBalance` is the spendable credit as a positive number. */
  balance?: number;
  /** "Now" on the merchant's (sandbox) clock, ISO. */
  now?: string;
};

/** The 402 `code: 0` answer: the merchant has no plan and must subscribe (late subscribe). */
export type MustSubscribe = { packages: Package[]; currency: CurrencyCode | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The late-subscribe details of an error from billing/all, or null when the error means something else. */
export const mustSubscribeOf = (error: unknown): MustSubscribe | null => {
  if (!isApiError(error)) return null;
  const body = error.body;
  const codeZero = isRecord(body) && body.code === 0;
  if (!codeZero && error.code !== 'must_subscribe') return null;
  const packages = isRecord(body) && Array.isArray(body.packages) ? (body.packages as Package[]) : [];
  const currency = isRecord(body) && typeof body.currency === 'string' ? (body.currency as CurrencyCode) : null;
  return { packages, currency };
};

/**
 * A 402 `authentication_required` answer (Stripe's `requires_action`): the card issuer wants the merchant on
 * its 3-D Secure page, which returns to the billing page with `flow=3ds`, `payment_intent` and `redirect_status`.
 */
export type AuthenticationRedirect = { url: string; returnUrl: string; paymentIntent: string };

/** Where to send the browser for 3-D Secure, or null when the error means something else. */
export const authenticationRedirectOf = (error: unknown): AuthenticationRedirect | null => {
  if (!isApiError(error) || error.code !== 'authentication_required' || !isRecord(error.body)) return null;
  const { next_action: action, payment_intent: intent } = error.body;
  if (!isRecord(action) || action.type !== 'redirect_to_url' || !isRecord(action.redirect_to_url) || !isRecord(intent)) return null;
  const { url, return_url: returnUrl } = action.redirect_to_url;
  if (typeof url !== 'string' || typeof returnUrl !== 'string' || typeof intent.id !== 'string') return null;
  return { url, returnUrl, paymentIntent: intent.id };
};

/** Query parameters of a 3-D Secure return, or null when the page was opened another way (an FPX return has no `flow`). */
export const threeDsReturnOf = (params: URLSearchParams): { paymentIntent: string; succeeded: boolean } | null => {
  const paymentIntent = params.get('payment_intent');
  const status = params.get('redirect_status');
  if (params.get('flow') !== '3ds' || !paymentIntent || !status) return null;
  return { paymentIntent, succeeded: status === 'succeeded' };
};

export type ConfirmPaymentResult = { message: string; status: 'succeeded'; already_confirmed: boolean; invoice?: Invoice };

export type MessageResponse = { message: string };
export type PlanChangeResult = { message: string; change?: string; invoice: Invoice | null };

export type PlanChangePreviewLine = {
  description: string;
  amount: number;
  proration: boolean;
  period: { start: number; end: number };
};

/** GET users/billing/plan-change-preview: the numbers the upgrade page shows, the same the API will charge. */
export type PlanChangePreview = {
  change: 'upgrade' | 'downgrade' | 'period_switch' | 'same';
  effect: { kind: string; reason?: string; effectiveAt?: string | null };
  must_acknowledge_coupon_removal: boolean;
  currency: CurrencyCode;
  package: Package;
  lines: PlanChangePreviewLine[];
  subtotal: number;
  tax: number;
  tax_percent?: number;
  rounding_amount?: number;
  total: number;
  applied_balance: number;
  amount_due: number;
  period_end?: string | null;
  /** Staff only: what the change's commit must bring back (the account as this preview saw it). */
  preview_token?: string;
};

/** The setup intent a card is confirmed against; `gateway`/`publishable_key` when the API says which one runs. */
export type SetupIntent = {
  id: string;
  client_secret: string;
  gateway?: 'sandbox' | 'stripe';
  publishable_key?: string;
};

export type FpxIntent = {
  payment_intent_id: string;
  client_secret: string;
  redirect_url: string;
  amount: number;
};

export type AddOnAmount = UsageAddOnInfo & {
  /** Staff only: what the subscribe must bring back (the account as this quote saw it). */
  preview_token?: string;
  tax_label?: string;
  prorated_amount?: number;
  discount_amount?: number;
  tax_amount?: number;
  rounding_amount?: number;
  total_amount?: number;
};

export type AddOnPackageDetail = AddOnPackage & {
  id: number;
  name: string;
  price: number;
  tax: number;
  tax_label: string;
  currency: CurrencyCode;
};

export type MerchantStoreRow = MerchantStore & { merchant_name?: string; owner_email?: string };

export type NewSandboxCard = { number: string; exp_month: number; exp_year: number; cvc: string };
export type SandboxPaymentMethod = { id: string; brand: CardBrand; last4: string };

type UserScoped = { userId?: number };
/** Staff acting for a merchant say why (staff contract); a merchant's own call sends no reason. */
type StaffReason = { reason?: string };

// ---------------------------------------------------------------------------------------------------------- reads

export const fetchBillingOverview = (http: HttpClient, userId?: number, signal?: AbortSignal): Promise<BillingOverview> =>
  http.get('/users/billing/all', { query: { user_id: userId }, schema: billingAllSchema, ...withSignal(signal) });

export const fetchPlanChangePreview = async (
  http: HttpClient,
  input: { packageId: number } & UserScoped,
  signal?: AbortSignal,
): Promise<PlanChangePreview> =>
  (
    await http.get('/users/billing/plan-change-preview', {
      query: { package_id: input.packageId, user_id: input.userId },
      schema: planChangePreviewSchema,
      ...withSignal(signal),
    })
  ).data;

export const fetchCreditBalance = (http: HttpClient, input: CreditBalanceQueryInput, signal?: AbortSignal): Promise<CreditBalance> =>
  http.get<CreditBalance>('/users/billing/credit-balance', {
    query: { user_id: input.user_id as number | undefined, ending_before: input.ending_before, starting_after: input.starting_after },
    ...withSignal(signal),
  });

export const fetchBillingHistory = (http: HttpClient, input: BillingHistoryQueryInput, signal?: AbortSignal): Promise<BillingHistory> =>
  http.post<BillingHistory>('/users/billing/billing-history', input, withSignal(signal));

export const fetchAddOnPackage = async (
  http: HttpClient,
  input: { storeId: number } & UserScoped,
  signal?: AbortSignal,
): Promise<AddOnPackageDetail> =>
  (
    await http.get<{ data: AddOnPackageDetail }>('/users/usage-addon/get-add-on-package', {
      query: { store_id: input.storeId, user_id: input.userId },
      ...withSignal(signal),
    })
  ).data;

export const fetchAddOnAmount = async (
  http: HttpClient,
  input: { quantity: number; storeId: number; coupon?: string } & UserScoped,
  signal?: AbortSignal,
): Promise<AddOnAmount> =>
  (
    await http.get<{ data: AddOnAmount }>('/users/usage-addon/get-amount-to-pay', {
      query: { addon_store_quantity: input.quantity, store_id: input.storeId, user_id: input.userId, coupon: input.coupon || undefined },
      ...withSignal(signal),
    })
  ).data;

/** GET merchants (support and superadmin only): the store list of the store chooser. */
export const fetchMerchantStores = async (http: HttpClient, search: string, signal?: AbortSignal): Promise<MerchantStoreRow[]> =>
  (await http.get<{ data: MerchantStoreRow[] }>('/merchants', { query: { search: search.trim() || undefined }, ...withSignal(signal) })).data;

// ------------------------------------------------------------------------------------------------------- changes

export const changePlan = (http: HttpClient, input: DowngradeOrUpgradeInput): Promise<PlanChangeResult> =>
  http.post<PlanChangeResult>('/users/billing/downgrade-or-upgrade', input);

export const cancelTrialingPackage = (http: HttpClient, input: CancelTrialingPackageInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/users/billing/cancel-trialing-package', input);

export const unsubscribePlan = (http: HttpClient, input: UserScoped & StaffReason = {}): Promise<MessageResponse & { ends_at: string | null }> =>
  http.post('/users/billing/unsubscribe', { user_id: input.userId, reason: input.reason });

export const resumePlan = (http: HttpClient, input: UserScoped & StaffReason = {}): Promise<MessageResponse & { ends_at: string | null }> =>
  http.post('/users/billing/resume', { user_id: input.userId, reason: input.reason });

export const retryPayment = (http: HttpClient, input: RetryPaymentInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/users/billing/retry-payment', input);

export const addCoupon = (http: HttpClient, input: AddCouponInput): Promise<MessageResponse & { data: Coupon }> =>
  http.post('/users/billing/add-coupon', input);

export const updateBillingInfo = (
  http: HttpClient,
  input: { userMerchantId: number; userId?: number; info: BillingInfoInput },
): Promise<MessageResponse & { data: BillingInfo }> =>
  http.patch(`/users/billing/${input.userMerchantId}`, { ...input.info, user_id: input.userId });

export const setPrimaryCard = (http: HttpClient, input: SetPrimaryCardInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/users/billing/set-as-primary-card', input);

export const deleteCard = (http: HttpClient, input: DeleteCardInput): Promise<MessageResponse> =>
  http.post<MessageResponse>('/users/billing/delete-card', input);

export const createSetupIntent = (http: HttpClient, input: UserScoped = {}): Promise<SetupIntent> =>
  http.post<SetupIntent>('/users/billing/create-intent', { user_id: input.userId });

export const addCard = (http: HttpClient, input: AddCardInput): Promise<MessageResponse & { data: Card[] }> =>
  http.post('/users/billing/add-card', input);

export const createLateSubscribeIntent = async (http: HttpClient, input: UserScoped = {}): Promise<SetupIntent> => {
  const body = await http.post<{ stripeIntent: SetupIntent | null; client_secret?: string }>('/users/billing/late-subscribe/create-intent', {
    user_id: input.userId,
  });
  if (!body.stripeIntent) throw new ApiError({ status: 0, code: 'http_error', message: 'No setup intent' });
  return body.stripeIntent;
};

export const lateSubscribe = (http: HttpClient, input: LateSubscribeInput): Promise<PlanChangeResult> =>
  http.post<PlanChangeResult>('/users/billing/late-subscribe', input);

export const createLateSubscribeFpxIntent = (
  http: HttpClient,
  input: { packageId: number; bank: FpxBankCode; returnUrl?: string } & UserScoped & StaffReason,
): Promise<FpxIntent> =>
  http.post<FpxIntent>('/users/billing/late-subscribe/fpx/create-intent', {
    package_id: input.packageId,
    user_id: input.userId,
    bank: input.bank,
    return_url: input.returnUrl,
    reason: input.reason,
  });

/** POST users/billing/retry-payment/fpx/create-intent: the bank page that pays a past-due open invoice (MYR). */
export const createRetryPaymentFpxIntent = (
  http: HttpClient,
  input: { type: 'default' | 'multistore'; bank: FpxBankCode; returnUrl?: string } & UserScoped & StaffReason,
): Promise<FpxIntent> =>
  http.post<FpxIntent>('/users/billing/retry-payment/fpx/create-intent', {
    type: input.type,
    user_id: input.userId,
    bank: input.bank,
    return_url: input.returnUrl,
    reason: input.reason,
  });

/** POST users/billing/retry-payment/fpx: after the bank, pays the open invoice once (a repeat: already_confirmed). */
export const confirmRetryPaymentFpx = (http: HttpClient, input: LateSubscribeFpxInput): Promise<PlanChangeResult> =>
  http.post<PlanChangeResult>('/users/billing/retry-payment/fpx', input);

/** POST users/billing/confirm-payment: settles what a 3-D Secure payment was paying for, at most once. */
export const confirmPayment = (http: HttpClient, input: ConfirmPaymentInput): Promise<ConfirmPaymentResult> =>
  http.post<ConfirmPaymentResult>('/users/billing/confirm-payment', input);

export const confirmLateSubscribeFpx = (http: HttpClient, input: LateSubscribeFpxInput): Promise<PlanChangeResult> =>
  http.post<PlanChangeResult>('/users/billing/late-subscribe/fpx', input);

export const subscribeAddOn = (
  http: HttpClient,
  input: { quantity: number; storeId: number; coupon?: string; previewToken?: string } & UserScoped & StaffReason,
): Promise<MessageResponse & { invoice: Invoice | null }> =>
  http.post('/users/usage-addon/subscribe', {
    addon_store_quantity: input.quantity,
    store_id: input.storeId,
    user_id: input.userId,
    coupon: input.coupon || undefined,
    reason: input.reason,
    preview_token: input.previewToken,
  });

/** Sandbox gateway only: the stand-in for Stripe.js turning card details into a payment method. */
export const createSandboxPaymentMethod = (http: HttpClient, card: NewSandboxCard): Promise<SandboxPaymentMethod> =>
  http.post<SandboxPaymentMethod>('/sandbox/payment-methods', card);
