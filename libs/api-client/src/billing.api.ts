import type {
  BillingHistory,
  BillingInfo,
  BillingResponse,
  Card,
  Coupon,
  CreditBalance,
  CurrencyCode,
  Invoice,
  Package,
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
import type {
  AddOnAmount,
  AddOnPackageDetail,
  ConfirmPaymentResult,
  EcpayInvoiceOrder,
  FpxIntent,
  MerchantStoreRow,
  MessageResponse,
  PlanChangePreview,
  PlanChangeResult,
  SandboxPaymentMethod,
  SetupIntent,
} from '@merchant-hub/validation';
import { responseOf } from './response-schemas';
import { ApiError, hasErrorCode, isApiError } from './api-error';
import type { HttpClient } from './http-client';

export type {
  AddOnAmount,
  AddOnPackageDetail,
  ConfirmPaymentResult,
  FpxIntent,
  MerchantStoreRow,
  MessageResponse,
  PlanChangePreview,
  PlanChangePreviewLine,
  PlanChangeResult,
  SandboxPaymentMethod,
  SetupIntent,
} from '@merchant-hub/validation';

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
  if (!codeZero && !hasErrorCode(error, 'must_subscribe')) return null;
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
  if (!hasErrorCode(error, 'authentication_required') || !isRecord(error.body)) return null;
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

export type NewSandboxCard = { number: string; exp_month: number; exp_year: number; cvc: string };

type UserScoped = { userId?: number };
/** Staff acting for a merchant say why (staff contract); a merchant's own call sends no reason. */
type StaffReason = { reason?: string };

// ---------------------------------------------------------------------------------------------------------- reads

export const fetchBillingOverview = (http: HttpClient, userId?: number, signal?: AbortSignal): Promise<BillingOverview> =>
  http.get('/users/billing/all', { query: { user_id: userId }, schema: responseOf('GET /users/billing/all'), ...withSignal(signal) });

export const fetchPlanChangePreview = async (
  http: HttpClient,
  input: { packageId: number } & UserScoped,
  signal?: AbortSignal,
): Promise<PlanChangePreview> =>
  (
    await http.get('/users/billing/plan-change-preview', {
      query: { package_id: input.packageId, user_id: input.userId },
      schema: responseOf('GET /users/billing/plan-change-preview'),
      ...withSignal(signal),
    })
  ).data;

export const fetchCreditBalance = (http: HttpClient, input: CreditBalanceQueryInput, signal?: AbortSignal): Promise<CreditBalance> =>
  http.get('/users/billing/credit-balance', {
    query: { user_id: input.user_id as number | undefined, ending_before: input.ending_before, starting_after: input.starting_after },
    schema: responseOf('GET /users/billing/credit-balance'),
    ...withSignal(signal),
  });

export const fetchBillingHistory = (http: HttpClient, input: BillingHistoryQueryInput, signal?: AbortSignal): Promise<BillingHistory> =>
  http.post('/users/billing/billing-history', input, { schema: responseOf('POST /users/billing/billing-history'), ...withSignal(signal) });

export const fetchAddOnPackage = async (
  http: HttpClient,
  input: { storeId: number } & UserScoped,
  signal?: AbortSignal,
): Promise<AddOnPackageDetail> =>
  (
    await http.get('/users/usage-addon/get-add-on-package', {
      query: { store_id: input.storeId, user_id: input.userId },
      schema: responseOf('GET /users/usage-addon/get-add-on-package'),
      ...withSignal(signal),
    })
  ).data;

export const fetchAddOnAmount = async (
  http: HttpClient,
  input: { quantity: number; storeId: number; coupon?: string } & UserScoped,
  signal?: AbortSignal,
): Promise<AddOnAmount> =>
  (
    await http.get('/users/usage-addon/get-amount-to-pay', {
      query: { addon_store_quantity: input.quantity, store_id: input.storeId, user_id: input.userId, coupon: input.coupon || undefined },
      schema: responseOf('GET /users/usage-addon/get-amount-to-pay'),
      ...withSignal(signal),
    })
  ).data;

/** GET merchants (support and superadmin only): the store list of the store chooser. */
export const fetchMerchantStores = async (http: HttpClient, search: string, signal?: AbortSignal): Promise<MerchantStoreRow[]> =>
  (await http.get('/merchants', { query: { search: search.trim() || undefined }, schema: responseOf('GET /merchants'), ...withSignal(signal) })).data;

// ------------------------------------------------------------------------------------------------------- changes

export const changePlan = (http: HttpClient, input: DowngradeOrUpgradeInput): Promise<PlanChangeResult> =>
  http.post('/users/billing/downgrade-or-upgrade', input, { schema: responseOf('POST /users/billing/downgrade-or-upgrade') });

export const cancelTrialingPackage = (http: HttpClient, input: CancelTrialingPackageInput): Promise<MessageResponse> =>
  http.post('/users/billing/cancel-trialing-package', input, { schema: responseOf('POST /users/billing/cancel-trialing-package') });

export const unsubscribePlan = (http: HttpClient, input: UserScoped & StaffReason = {}): Promise<MessageResponse & { ends_at: string | null }> =>
  http.post('/users/billing/unsubscribe', { user_id: input.userId, reason: input.reason }, { schema: responseOf('POST /users/billing/unsubscribe') });

export const resumePlan = (http: HttpClient, input: UserScoped & StaffReason = {}): Promise<MessageResponse & { ends_at: string | null }> =>
  http.post('/users/billing/resume', { user_id: input.userId, reason: input.reason }, { schema: responseOf('POST /users/billing/resume') });

export const retryPayment = (http: HttpClient, input: RetryPaymentInput): Promise<MessageResponse> =>
  http.post('/users/billing/retry-payment', input, { schema: responseOf('POST /users/billing/retry-payment') });

export const addCoupon = (http: HttpClient, input: AddCouponInput): Promise<MessageResponse & { data: Coupon }> =>
  http.post('/users/billing/add-coupon', input, { schema: responseOf('POST /users/billing/add-coupon') });

export const updateBillingInfo = (
  http: HttpClient,
  input: { userMerchantId: number; userId?: number; info: BillingInfoInput },
): Promise<MessageResponse & { data: BillingInfo }> =>
  http.patch(`/users/billing/${input.userMerchantId}`, { ...input.info, user_id: input.userId }, { schema: responseOf('PATCH /users/billing/:id') });

export const setPrimaryCard = (http: HttpClient, input: SetPrimaryCardInput): Promise<MessageResponse> =>
  http.post('/users/billing/set-as-primary-card', input, { schema: responseOf('POST /users/billing/set-as-primary-card') });

export const deleteCard = (http: HttpClient, input: DeleteCardInput): Promise<MessageResponse> =>
  http.post('/users/billing/delete-card', input, { schema: responseOf('POST /users/billing/delete-card') });

export const createSetupIntent = (http: HttpClient, input: UserScoped = {}): Promise<SetupIntent> =>
  http.post('/users/billing/create-intent', { user_id: input.userId }, { schema: responseOf('POST /users/billing/create-intent') });

export const addCard = (http: HttpClient, input: AddCardInput): Promise<MessageResponse & { data: Card[] }> =>
  http.post('/users/billing/add-card', input, { schema: responseOf('POST /users/billing/add-card') });

export const createLateSubscribeIntent = async (http: HttpClient, input: UserScoped = {}): Promise<SetupIntent> => {
  const body = await http.post(
    '/users/billing/late-subscribe/create-intent',
    { user_id: input.userId },
    { schema: responseOf('POST /users/billing/late-subscribe/create-intent') },
  );
  if (!body.stripeIntent) throw new ApiError({ status: 0, code: 'http_error', message: 'No setup intent' });
  return body.stripeIntent;
};

export const lateSubscribe = (http: HttpClient, input: LateSubscribeInput): Promise<PlanChangeResult> =>
  http.post('/users/billing/late-subscribe', input, { schema: responseOf('POST /users/billing/late-subscribe') });

export const createLateSubscribeFpxIntent = (
  http: HttpClient,
  input: { packageId: number; bank: FpxBankCode; returnUrl?: string } & UserScoped & StaffReason,
): Promise<FpxIntent> =>
  http.post(
    '/users/billing/late-subscribe/fpx/create-intent',
    { package_id: input.packageId, user_id: input.userId, bank: input.bank, return_url: input.returnUrl, reason: input.reason },
    { schema: responseOf('POST /users/billing/late-subscribe/fpx/create-intent') },
  );

/** POST users/billing/retry-payment/fpx/create-intent: the bank page that pays a past-due open invoice (MYR). */
export const createRetryPaymentFpxIntent = (
  http: HttpClient,
  input: { type: 'default' | 'multistore'; bank: FpxBankCode; returnUrl?: string } & UserScoped & StaffReason,
): Promise<FpxIntent> =>
  http.post(
    '/users/billing/retry-payment/fpx/create-intent',
    { type: input.type, user_id: input.userId, bank: input.bank, return_url: input.returnUrl, reason: input.reason },
    { schema: responseOf('POST /users/billing/retry-payment/fpx/create-intent') },
  );

/** POST users/billing/ecpay/pay-invoice: the ECPay form that pays an open TWD invoice (the plan's past-due one without an id). */
export const payInvoiceWithEcpay = (http: HttpClient, input: { invoiceId?: string; returnUrl?: string } & UserScoped & StaffReason): Promise<EcpayInvoiceOrder> =>
  http
    .post('/users/billing/ecpay/pay-invoice', { invoice_id: input.invoiceId, user_id: input.userId, return_url: input.returnUrl, reason: input.reason }, { schema: responseOf('POST /users/billing/ecpay/pay-invoice') })
    .then((answer) => answer.data);

/** POST users/billing/retry-payment/fpx: after the bank, pays the open invoice once (a repeat: already_confirmed). */
export const confirmRetryPaymentFpx = (http: HttpClient, input: LateSubscribeFpxInput): Promise<PlanChangeResult> =>
  http.post('/users/billing/retry-payment/fpx', input, { schema: responseOf('POST /users/billing/retry-payment/fpx') });

/** POST users/billing/confirm-payment: settles what a 3-D Secure payment was paying for, at most once. */
export const confirmPayment = (http: HttpClient, input: ConfirmPaymentInput): Promise<ConfirmPaymentResult> =>
  http.post('/users/billing/confirm-payment', input, { schema: responseOf('POST /users/billing/confirm-payment') });

export const confirmLateSubscribeFpx = (http: HttpClient, input: LateSubscribeFpxInput): Promise<PlanChangeResult> =>
  http.post('/users/billing/late-subscribe/fpx', input, { schema: responseOf('POST /users/billing/late-subscribe/fpx') });

export const subscribeAddOn = (
  http: HttpClient,
  input: { quantity: number; storeId: number; coupon?: string; previewToken?: string } & UserScoped & StaffReason,
): Promise<MessageResponse & { invoice: Invoice | null }> =>
  http.post(
    '/users/usage-addon/subscribe',
    {
      addon_store_quantity: input.quantity,
      store_id: input.storeId,
      user_id: input.userId,
      coupon: input.coupon || undefined,
      reason: input.reason,
      preview_token: input.previewToken,
    },
    { schema: responseOf('POST /users/usage-addon/subscribe') },
  );

/** Sandbox gateway only: the stand-in for Stripe.js turning card details into a payment method. */
export const createSandboxPaymentMethod = (http: HttpClient, card: NewSandboxCard): Promise<SandboxPaymentMethod> =>
  http.post('/sandbox/payment-methods', card, { schema: responseOf('POST /sandbox/payment-methods') });
