import type { CurrencyCode } from '@merchant-hub/domain';
import type { Knex } from 'knex';
import { type Exec, lockForUpdate } from '../../db/rows';

export type CheckoutChannel = 'ecpay' | 'card' | 'fpx';
/**
 * `paid_conflict`: the gateway took the money but the e-mail was registered between the order and the
 * payment, so no merchant could be created; staff settle it by hand (refund or attach the plan).
 */
export type CheckoutOrderStatus = 'pending' | 'paid' | 'failed' | 'paid_conflict';

/** The buyer's details as the checkout form sent them (names for the card form, ids for the gateway form). */
export type BuyerForm = {
  email: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  company_reg_no: string | null;
  phone: string;
  line_id: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  postal_code: string;
  country_id: number;
  country_name: string;
  state_id: number | null;
  state_name: string | null;
  ref_code: string | null;
  /**
   * A card checkout waiting for 3-D Secure: the card saved at the gateway and its customer, made the merchant's
   * default card once the issuer has answered and the order is settled.
   */
  card?: { customer: string; id: string; brand: string; last4: string; exp_month: number; exp_year: number } | null;
};

export type CheckoutOrder = {
  id: number;
  channel: CheckoutChannel;
  tradeNo: string;
  status: CheckoutOrderStatus;
  packageId: number;
  email: string;
  form: BuyerForm;
  couponCode: string | null;
  amount: number;
  currency: CurrencyCode;
  paymentRef: string | null;
  rtnCode: string | null;
  rtnMsg: string | null;
  notifications: number;
  userId: number | null;
  merchantId: number | null;
  ticketExpiresAt: number | null;
  signedInAt: number | null;
  paidAt: number | null;
  createdAt: number;
};

const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const toOrder = (row: Record<string, unknown>): CheckoutOrder => ({
  id: Number(row.id),
  channel: row.channel as CheckoutChannel,
  tradeNo: String(row.trade_no),
  status: row.status as CheckoutOrderStatus,
  packageId: Number(row.package_id),
  email: String(row.email),
  form: JSON.parse(String(row.form_json)) as BuyerForm,
  couponCode: (row.coupon_code as string | null) ?? null,
  amount: Number(row.amount),
  currency: row.currency as CurrencyCode,
  paymentRef: (row.payment_ref as string | null) ?? null,
  rtnCode: (row.rtn_code as string | null) ?? null,
  rtnMsg: (row.rtn_msg as string | null) ?? null,
  notifications: Number(row.notifications),
  userId: numOrNull(row.user_id),
  merchantId: numOrNull(row.merchant_id),
  ticketExpiresAt: numOrNull(row.ticket_expires_at),
  signedInAt: numOrNull(row.signed_in_at),
  paidAt: numOrNull(row.paid_at),
  createdAt: Number(row.created_at),
});

export type NewCheckoutOrder = {
  channel: CheckoutChannel;
  tradeNo: string;
  resultTokenHash: string;
  packageId: number;
  form: BuyerForm;
  couponCode: string | null;
  amount: number;
  currency: string;
  paymentRef: string | null;
  now: number;
};

export const insertOrder = async (exec: Exec, order: NewCheckoutOrder): Promise<void> => {
  await exec('checkout_orders').insert({
    channel: order.channel,
    trade_no: order.tradeNo,
    result_token_hash: order.resultTokenHash,
    status: 'pending',
    package_id: order.packageId,
    email: order.form.email,
    form_json: JSON.stringify(order.form),
    coupon_code: order.couponCode,
    amount: order.amount,
    currency: order.currency,
    payment_ref: order.paymentRef,
    created_at: order.now,
    updated_at: order.now,
  });
};

const find = async (exec: Exec, where: Record<string, unknown>): Promise<CheckoutOrder | null> => {
  const row = await exec('checkout_orders').where(where).first();
  return row ? toOrder(row) : null;
};

export const findOrderByTradeNo = (exec: Exec, tradeNo: string) => find(exec, { trade_no: tradeNo });
export const findOrderByResultToken = (exec: Exec, tokenHash: string) => find(exec, { result_token_hash: tokenHash });
export const findOrderByPaymentRef = (exec: Exec, ref: string) => find(exec, { payment_ref: ref });
export const findOrderByTicket = (exec: Exec, ticketHash: string) => find(exec, { ticket_hash: ticketHash });

/**
 * Counts a notification and takes the order's row for the rest of the transaction: on PostgreSQL the
 * update holds the row lock, so a repeated notification waits and then finds the order already settled.
 */
export const lockOrderForNotification = async (tx: Knex.Transaction, id: number, now: number): Promise<CheckoutOrder | null> => {
  await tx('checkout_orders').where({ id }).increment('notifications', 1).update({ updated_at: now });
  const row = await lockForUpdate(tx, tx('checkout_orders').where({ id })).first();
  return row ? toOrder(row) : null;
};

export const markOrderFailed = async (exec: Exec, id: number, result: { code: string; message: string; paymentRef: string | null }, now: number): Promise<void> => {
  await exec('checkout_orders')
    .where({ id, status: 'pending' })
    .update({ status: 'failed', rtn_code: result.code.slice(0, 20), rtn_msg: result.message.slice(0, 255), payment_ref: result.paymentRef, updated_at: now });
};

export const markOrderPaid = async (
  exec: Exec,
  id: number,
  result: { code: string; message: string; paymentRef: string | null; userId: number; merchantId: number },
  now: number,
): Promise<void> => {
  await exec('checkout_orders')
    .where({ id })
    .update({
      status: 'paid',
      rtn_code: result.code.slice(0, 20),
      rtn_msg: result.message.slice(0, 255),
      payment_ref: result.paymentRef,
      user_id: result.userId,
      merchant_id: result.merchantId,
      paid_at: now,
      updated_at: now,
    });
};

/** The payment is final (ECPay is answered `1|OK`) but nothing was provisioned: see CheckoutOrderStatus. */
export const markOrderPaidConflict = async (exec: Exec, id: number, result: { code: string; message: string; paymentRef: string | null }, now: number): Promise<void> => {
  await exec('checkout_orders')
    .where({ id })
    .whereIn('status', ['pending', 'failed'])
    .update({ status: 'paid_conflict', rtn_code: result.code.slice(0, 20), rtn_msg: result.message.slice(0, 255), payment_ref: result.paymentRef, paid_at: now, updated_at: now });
};

/** The order was paid by ECPay's SimulatePaid=1 (stage only): no money moved. */
export const markOrderSimulated = async (exec: Exec, id: number): Promise<void> => {
  await exec('checkout_orders').where({ id }).update({ simulated: true });
};

/** A new ticket replaces any earlier one of the order: only the latest can be exchanged. */
export const storeTicket = async (exec: Exec, id: number, ticketHash: string, expiresAt: number, now: number): Promise<void> => {
  await exec('checkout_orders').where({ id }).whereNull('signed_in_at').update({ ticket_hash: ticketHash, ticket_expires_at: expiresAt, updated_at: now });
};

/** Single use: the conditional update succeeds for exactly one caller. */
export const consumeTicket = async (exec: Exec, ticketHash: string, now: number): Promise<boolean> => {
  const changed = await exec('checkout_orders')
    .where({ ticket_hash: ticketHash, status: 'paid' })
    .whereNull('signed_in_at')
    .where('ticket_expires_at', '>', now)
    .update({ signed_in_at: now, ticket_hash: null, updated_at: now });
  return changed === 1;
};

export const countryByIso = async (exec: Exec, iso: string): Promise<{ id: number; name: string; default_locale: string } | null> => {
  const row = await exec('countries').where({ iso_code: iso }).first('id', 'name', 'default_locale');
  return row ? { id: Number(row.id), name: String(row.name), default_locale: String(row.default_locale ?? 'en') } : null;
};

export const merchantOwnedBy = async (exec: Exec, userId: number): Promise<number | null> => {
  const row = await exec('merchants').where({ owner_user_id: userId }).orderBy('id').first('id');
  return row ? Number(row.id) : null;
};

export const countryHasStates = async (exec: Exec, countryId: number): Promise<boolean> =>
  Boolean(await exec('states').where({ country_id: countryId }).first('id'));

export const saveBillingDetails = async (exec: Exec, merchantId: number, form: BuyerForm, paymentType: 'card' | 'fpx' | 'manual', now: number): Promise<void> => {
  await exec('billing_accounts')
    .where({ merchant_id: merchantId })
    .update({
      name: form.company_name || `${form.first_name} ${form.last_name}`.trim() || form.email,
      email: form.email,
      address1: form.address1,
      address2: form.address2,
      city: form.city,
      postal_code: form.postal_code,
      country: form.country_name,
      state_or_region: form.state_name,
      payment_type: paymentType,
      updated_at: now,
    });
};

export const setDefaultCard = async (
  exec: Exec,
  merchantId: number,
  customer: string,
  card: { id: string; brand: string; last4: string; exp_month: number; exp_year: number },
  now: number,
): Promise<void> => {
  await exec('payment_methods').insert({ id: card.id, merchant_id: merchantId, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, created_at: now });
  await exec('billing_accounts').where({ merchant_id: merchantId }).update({ gateway_customer_id: customer, default_payment_method: card.id, payment_type: 'card', updated_at: now });
};

/** Records an outside payment (ECPay, FPX, a card authenticated with 3-D Secure) of a whole invoice. */
export const recordExternalPayment = async (
  exec: Exec,
  input: { id: string; merchantId: number; invoiceId: string; methodType: 'ecpay' | 'fpx' | 'card'; paymentMethod: string | null; amount: number; currency: string; now: number },
): Promise<void> => {
  await exec('invoices').where({ id: input.invoiceId }).update({ status: 'paid', amount_paid: input.amount, paid_at: input.now, attempt_count: 1 });
  await exec('payments').insert({
    id: input.id,
    merchant_id: input.merchantId,
    invoice_id: input.invoiceId,
    payment_method_id: input.paymentMethod,
    method_type: input.methodType,
    amount: input.amount,
    currency: input.currency,
    status: 'succeeded',
    idempotency_key: `${input.methodType}:${input.id}`,
    created_at: input.now,
  });
};

export const attachInvoiceToSubscription = async (exec: Exec, invoiceId: string, subscriptionId: number, paymentIntentId: string | null): Promise<void> => {
  await exec('invoices').where({ id: invoiceId }).update({ subscription_id: subscriptionId, ...(paymentIntentId ? { payment_intent_id: paymentIntentId } : {}) });
};

/** A first invoice paid with a coupon: the subscription carries it on (its redemption was counted before the payment). */
export const applyCouponToSubscription = async (exec: Exec, input: { subscriptionId: number; promotionId: string; invoiceId: string; now: number }): Promise<Record<string, unknown>> => {
  await exec('subscriptions').where({ id: input.subscriptionId }).update({ promotion_code_id: input.promotionId, coupon_applied_at: input.now, coupon_invoices_used: 0 });
  await exec('coupon_redemptions').where({ promotion_code_id: input.promotionId, invoice_id: input.invoiceId }).update({ subscription_id: input.subscriptionId });
  return exec('subscriptions').where({ id: input.subscriptionId }).first();
};

/** A gateway customer already tied to a merchant cannot start a second checkout. */
export const gatewayCustomerTaken = async (exec: Exec, customer: string): Promise<boolean> => Boolean(await exec('billing_accounts').where({ gateway_customer_id: customer }).first('merchant_id'));

/** The ECPay order a payment came from, by ECPay's TradeNo: an ECPay refund names both its MerchantTradeNo and TradeNo. */
export const ecpayOrderOfTrade = async (exec: Exec, tradeNo: string): Promise<{ merchantTradeNo: string; simulated: boolean } | null> => {
  const row = await exec('checkout_orders').where({ channel: 'ecpay', payment_ref: tradeNo }).first('trade_no', 'simulated');
  return row ? { merchantTradeNo: String(row.trade_no), simulated: Boolean(row.simulated) } : null;
};
