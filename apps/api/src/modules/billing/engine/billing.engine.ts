import type { CurrencyCode, LedgerLabel } from '@merchant-hub/domain';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/knex';
import { type Exec, newId } from '../../../db/rows';
import { type ChargeInput, declineDetails, type GatewayNextAction, type PaymentGateway } from '../../../gateways/port';
import { AppError } from '../../../http/errors';
import { type BillingAccount, ensureBillingAccount, readBillingAccount } from '../repositories/billing-accounts.repository';
import { findInvoice, type InvoiceRecord } from '../repositories/invoices.repository';
import { ledgerLabelColumns } from '../repositories/ledger.repository';
import { dropPendingCharge, insertChargeIntent } from '../repositories/payments.repository';
import { chargeOnce } from './charge-once';
import { type ChargeOptions, type Charged, createCharger } from './charges';
import { draftInvoice, type InvoiceInput, insertInvoices } from './invoice-draft';
import { type OnBehalfScope, takeTransactionPrecondition, takeTransactionWork } from './on-behalf';
import type { Notifier } from '../../notifications';
import type { SubscriptionRecord } from '../repositories/subscriptions.repository';
import { type InvoiceMailKind, type PlanMailKind, queueInvoiceMail, queueInvoiceMails, queuePlanCanceledNowMail, queuePlanMail } from '../documents/invoice-mail';
import { couponFor, insertSubscription, planLine, startDunning, useCoupon } from './subscription-steps';

export { renewalChargeKey, type Charged } from './charges';
export type { DraftLine, InvoiceDraft, InvoiceInput } from './invoice-draft';

const paymentRow = (account: BillingAccount, invoice: InvoiceRecord, { payment, paymentMethod, idempotencyKey }: Charged, now: number) => ({
  id: payment.id,
  merchant_id: account.merchantId,
  invoice_id: invoice.id,
  payment_method_id: paymentMethod,
  method_type: 'card',
  amount: invoice.amountDue,
  currency: invoice.currency,
  status: payment.status,
  failure_code: payment.failure_code,
  failure_message: payment.failure_message,
  idempotency_key: idempotencyKey,
  created_at: now,
});

export type EngineDeps = {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  publicUrl: string;
  logger?: { warn: (details: object, message: string) => void };
  /** Receipts and payment-failed notices are queued through it, in the transaction that records the payment. */
  notifier?: Notifier;
};

/** A card payment waiting for the customer at the issuer's 3-D Secure page. */
export type AuthenticationPayment = {
  id: string;
  status: 'requires_action';
  amount: number;
  currency: CurrencyCode;
  client_secret: string | null;
  next_action: GatewayNextAction;
};

/**
 * An on-session charge whose intent is recorded (a `pending` payment row holding its idempotency key, committed
 * before the gateway is asked) and whose answer is not yet (see {@link createEngine} `recordChargeIntent`).
 */
export type ChargeIntent = { rowId: string; merchantId: number; invoiceId: string; paymentMethod: string; attempt: number; input: ChargeInput; now: number; returnUrl?: string };

/** What an on-session charge pays for (the services' PendingChange), kept beside its intent for whoever records the answer. */
export type ChargePurpose = { purpose: string; details: unknown };

export type MerchantTx = {
  tx: Knex.Transaction;
  account: BillingAccount;
  now: number;
  /** Commit what was done (a failed payment, a void invoice) and then answer with this error. */
  failAfterCommit: (error: AppError) => void;
};

export const createEngine = (deps: EngineDeps) => {
  const { db, clock, gateway } = deps;
  const { chargeRequest, chargeInvoice, chargeInvoices } = createCharger(gateway);

  /** Queues the merchant's e-mail about `invoice` in `tx` (see invoice-mail.ts), in the owner's language. */
  const mailInvoice = (tx: Knex.Transaction, account: BillingAccount, kind: InvoiceMailKind, invoice: InvoiceRecord, at: number): Promise<void> =>
    queueInvoiceMail({ tx, notifier: deps.notifier, publicUrl: deps.publicUrl }, account, kind, invoice, at);

  /** Queues the merchant's e-mail that their plan ends or changes on `at` (see invoice-mail.ts). */
  const mailPlan = (tx: Knex.Transaction, account: BillingAccount, kind: PlanMailKind, plan: { name: string; billing_period: string }, at: number): Promise<void> =>
    queuePlanMail({ tx, notifier: deps.notifier, publicUrl: deps.publicUrl }, account, kind, plan, at);

  /** The merchant told its plan was cancelled now by staff, with the credit added for the unused time (if any). */
  const mailPlanCanceledNow = (tx: Knex.Transaction, account: BillingAccount, plan: { name: string; billing_period: string }, at: number, credit: { amountMinor: number; currency: string } | null): Promise<void> =>
    queuePlanCanceledNowMail({ tx, notifier: deps.notifier, publicUrl: deps.publicUrl }, account, plan, at, credit);

  /**
   * Dunning after a failed charge of `invoice`, and the merchant told when the next attempt is. `merchantNow`
   * (the scheduler's): a next attempt already due then (a test clock moved past it) is made in the same run,
   * which tells its own outcome; announcing it too sent two e-mails in one second with two retry dates (issue 31 #7).
   */
  const startDunningAndTell = async (tx: Knex.Transaction, account: BillingAccount, sub: SubscriptionRecord, invoice: InvoiceRecord, failedAt: number, tell = true, merchantNow?: number): Promise<void> => {
    const nextRetryAt = await startDunning(tx, sub, failedAt);
    if (tell && !(merchantNow !== undefined && nextRetryAt <= merchantNow)) await mailInvoice(tx, account, 'paymentFailed', invoice, nextRetryAt);
  };

  /** The merchant's "now": the app clock plus the merchant's sandbox test-clock offset. */
  const nowFor = async (exec: Exec, merchantId: number): Promise<number> => {
    const row = await exec('sandbox_clocks').where({ merchant_id: merchantId }).first('offset_seconds');
    return Math.floor(clock.now().getTime() / 1000) + Number(row?.offset_seconds ?? 0);
  };

  /**
   * Runs `fn` in one transaction holding the merchant's billing-account row lock, so every money movement
   * of a merchant is serialized: twenty identical requests run one after another and each sees what the
   * previous one did. With `skipLocked` (the scheduler) a merchant busy elsewhere is skipped: returns null.
   */
  const withMerchant = async <T>(merchant: number | { merchantId: number; scope?: OnBehalfScope }, fn: (ctx: MerchantTx) => Promise<T>, options: { skipLocked?: boolean } = {}): Promise<T | null> => {
    const { merchantId, scope } = typeof merchant === 'number' ? { merchantId: merchant, scope: undefined } : merchant;
    let deferred: AppError | null = null;
    const result = await db.transaction(async (tx) => {
      const lock = { skipLocked: options.skipLocked ?? false };
      let account = await readBillingAccount(tx, merchantId, lock);
      if (!account) {
        // First use: create it (concurrent first uses insert once), then lock it.
        await ensureBillingAccount(tx, merchantId, await nowFor(tx, merchantId));
        account = await readBillingAccount(tx, merchantId, lock);
      }
      if (!account) {
        if (options.skipLocked) return null;
        throw new AppError('not_found');
      }
      // A staff commit's preview must still describe the account, before anything is charged.
      await takeTransactionPrecondition(scope)?.(tx);
      const now = await nowFor(tx, merchantId);
      const value = await fn({ tx, account, now, failAfterCommit: (error) => (deferred = error) });
      // The request's own entry (staff on a merchant's behalf) commits or rolls back with this change.
      await takeTransactionWork(scope)?.(tx, deferred);
      return value;
    });
    if (deferred) throw deferred;
    return result;
  };

  const addLedgerEntry = async (
    tx: Knex.Transaction,
    account: BillingAccount,
    entry: { type: string; description: string; label?: LedgerLabel | null; amount: number; invoiceId?: string | null; now: number },
  ): Promise<void> => {
    if (entry.amount === 0) return;
    const ending = account.balance + entry.amount;
    await tx('balance_transactions').insert({
      id: newId('cbtxn'),
      merchant_id: account.merchantId,
      type: entry.type,
      description: entry.description,
      ...ledgerLabelColumns(entry.label),
      amount: entry.amount,
      currency: account.currency,
      ending_balance: ending,
      invoice_id: entry.invoiceId ?? null,
      created_at: entry.now,
    });
    await tx('billing_accounts').where({ merchant_id: account.merchantId }).update({ balance: ending, updated_at: entry.now });
    account.balance = ending;
  };

  /**
   * Finalizes an invoice: numbered, credit balance applied first (a negative total becomes credit), open
   * when money is still due, paid when nothing is.
   */
  const createInvoice = async (tx: Knex.Transaction, account: BillingAccount, input: InvoiceInput): Promise<InvoiceRecord> => {
    const draft = draftInvoice(account, input);
    await insertInvoices(tx, [draft]);
    const { record, total, applied } = draft;
    if (total < 0) {
      await addLedgerEntry(tx, account, { type: 'invoice_credit', description: `Credit from invoice ${record.number}`, label: { key: 'invoiceCredit', params: { number: record.number } }, amount: total, invoiceId: record.id, now: input.now });
    } else if (applied > 0) {
      await addLedgerEntry(tx, account, { type: 'applied_to_invoice', description: `Applied to invoice ${record.number}`, label: { key: 'appliedToInvoice', params: { number: record.number } }, amount: applied, invoiceId: record.id, now: input.now });
    }
    return record;
  };

  /** Voids an unpaid invoice and gives back the credit it had taken. */
  const voidInvoice = async (tx: Knex.Transaction, account: BillingAccount, invoice: InvoiceRecord, now: number): Promise<void> => {
    await tx('invoices').where({ id: invoice.id }).update({ status: 'void', voided_at: now });
    if (invoice.appliedBalance > 0) {
      await addLedgerEntry(tx, account, { type: 'invoice_voided', description: `Credit returned from void invoice ${invoice.number}`, label: { key: 'invoiceVoided', params: { number: invoice.number } }, amount: -invoice.appliedBalance, invoiceId: invoice.id, now });
    }
  };

  type PayResult =
    | { ok: true; paymentId: string | null }
    | { ok: false; code: 'no_card'; message: string }
    | { ok: false; code: 'declined'; message: string; declineCode: string }
    | { ok: false; code: 'requires_action'; message: string; payment: AuthenticationPayment };

  /** Records the gateway's answer to {@link chargeInvoice}: the payment row, and the invoice paid or one attempt on. */
  const recordCharge = async (tx: Knex.Transaction, account: BillingAccount, invoice: InvoiceRecord, charged: Charged, options: { now: number; returnUrl?: string }): Promise<PayResult> => {
    const { payment, attempt } = charged;
    await tx('payments').insert(paymentRow(account, invoice, charged, options.now));
    if (payment.status === 'succeeded') {
      await tx('invoices').where({ id: invoice.id }).update({ status: 'paid', amount_paid: invoice.amountDue, paid_at: options.now, attempt_count: attempt });
      await mailInvoice(tx, account, 'invoicePaid', invoice, options.now);
      return { ok: true, paymentId: payment.id };
    }
    if (payment.status === 'failed' && payment.failure_code === 'amount_too_small') {
      // Below the gateway's minimum charge (RM 0.92 left after credit): final, never asked again. The invoice is
      // closed with the amount written off (docs/operations.md, "Amounts below the gateway's minimum").
      await tx('invoices').where({ id: invoice.id }).update({ status: 'paid', amount_written_off: invoice.amountDue, paid_at: options.now, attempt_count: attempt });
      deps.logger?.warn({ invoice: invoice.id, amount: invoice.amountDue, currency: invoice.currency }, 'invoice amount below the gateway minimum written off');
      return { ok: true, paymentId: null };
    }
    await tx('invoices').where({ id: invoice.id }).update({ attempt_count: attempt });
    // Without a return URL (a caller that cannot send the customer anywhere) authentication counts as a refusal.
    if (payment.status === 'requires_action' && payment.next_action && options.returnUrl) {
      // The invoice stays open: the customer authenticates with the issuer, then confirm-payment settles it.
      return {
        ok: false,
        code: 'requires_action',
        message: 'This payment needs your bank to authenticate it',
        payment: { id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: payment.next_action },
      };
    }
    const fallback = payment.status === 'requires_action' ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.';
    const declineCode = payment.failure_code ?? (payment.status === 'requires_action' ? 'authentication_required' : 'card_declined');
    return { ok: false, code: 'declined', message: payment.failure_message ?? fallback, declineCode };
  };

  /**
   * Records many succeeded charges at once (the renewal engine's batches): every payment row in one statement
   * and every invoice paid in one more, as {@link recordCharge} would one by one.
   */
  const recordSucceededCharges = async (tx: Knex.Transaction, items: { account: BillingAccount; invoice: InvoiceRecord; charged: Charged; now: number }[]): Promise<void> => {
    if (items.length === 0) return;
    await tx('payments').insert(items.map(({ account, invoice, charged, now }) => paymentRow(account, invoice, charged, now)));
    const paidAt = tx.raw(`case id ${items.map(() => 'when ? then cast(? as bigint)').join(' ')} end`, items.flatMap(({ invoice, now }) => [invoice.id, now]));
    const attempts = tx.raw(`case id ${items.map(() => 'when ? then cast(? as integer)').join(' ')} end`, items.flatMap(({ invoice, charged }) => [invoice.id, charged.attempt]));
    await tx('invoices')
      .whereIn('id', items.map(({ invoice }) => invoice.id))
      .update({ status: 'paid', amount_paid: tx.ref('amount_due'), paid_at: paidAt, attempt_count: attempts });
    await queueInvoiceMails({ tx, notifier: deps.notifier, publicUrl: deps.publicUrl }, 'invoicePaid', items.map(({ account, invoice, now }) => ({ account, invoice, at: now })));
  };

  /**
   * Settles an open invoice that needs no gateway call: nothing left to pay (paid), or no card to charge
   * (`no_card`, the invoice stays open). A card charge is never made here, inside the caller's transaction: it
   * goes through {@link recordChargeIntent}, {@link chargeIntent} and {@link recordIntentOutcome} (issue 25 item 6).
   */
  const settleWithoutCharge = async (tx: Knex.Transaction, account: BillingAccount, invoice: InvoiceRecord, options: ChargeOptions & { now: number }): Promise<PayResult> => {
    if (invoice.status === 'paid') throw new AppError('invoice_already_paid');
    if (invoice.amountDue === 0) {
      await tx('invoices').where({ id: invoice.id }).update({ status: 'paid', paid_at: options.now });
      return { ok: true, paymentId: null };
    }
    if (chargeRequest(account, invoice, options)) throw new Error('settleWithoutCharge: this invoice is charged through a charge intent, outside the transaction');
    return { ok: false, code: 'no_card', message: 'Cannot charge a customer that has no active card' };
  };

  /**
   * No gateway call inside a transaction (issue 25 item 6), step one: records the intent to charge what `invoice`
   * owes as a `pending` payment row holding the charge's idempotency key, in the caller's transaction. The caller
   * commits, asks the gateway ({@link chargeIntent}), then records the answer ({@link recordIntentOutcome}). Null
   * when there is no card to charge.
   */
  const recordChargeIntent = async (tx: Knex.Transaction, account: BillingAccount, invoice: InvoiceRecord, options: ChargeOptions & { now: number; purpose: ChargePurpose }): Promise<ChargeIntent | null> => {
    const request = chargeRequest(account, invoice, options);
    if (!request) return null;
    const rowId = newId('payintent');
    await insertChargeIntent(tx, { paymentId: rowId, merchantId: account.merchantId, invoiceId: invoice.id, purpose: options.purpose.purpose, details: options.purpose.details, now: options.now });
    await tx('payments').insert({
      id: rowId,
      merchant_id: account.merchantId,
      invoice_id: invoice.id,
      payment_method_id: request.paymentMethod,
      method_type: 'card',
      amount: invoice.amountDue,
      currency: invoice.currency,
      status: 'pending',
      idempotency_key: request.input.idempotencyKey,
      created_at: options.now,
    });
    return { rowId, merchantId: account.merchantId, invoiceId: invoice.id, paymentMethod: request.paymentMethod, attempt: request.attempt, input: request.input, now: options.now, returnUrl: options.returnUrl };
  };

  /** Step two: the charge asked of the gateway, outside any transaction, under the intent's idempotency key. */
  const chargeIntent = async (intent: ChargeIntent): Promise<Charged> => ({
    payment: await chargeOnce(gateway, intent.input),
    paymentMethod: intent.paymentMethod,
    idempotencyKey: intent.input.idempotencyKey,
    attempt: intent.attempt,
  });

  /**
   * Step three, in the merchant's next transaction (its lock held): the pending row gives way to the gateway's
   * answer, recorded against the invoice as {@link recordCharge} does. 'already' when the answer was recorded
   * meanwhile (the recovery pass); 'paid_meanwhile' when the invoice is no longer open (the caller refunds a
   * succeeded charge through the gateway after the commit).
   */
  const recordIntentOutcome = async (tx: Knex.Transaction, account: BillingAccount, intent: ChargeIntent, charged: Charged): Promise<PayResult | { ok: false; code: 'already' | 'paid_meanwhile'; message: string }> => {
    if (!(await dropPendingCharge(tx, intent.rowId))) return { ok: false, code: 'already', message: 'This payment was recorded already' };
    const invoice = await findInvoice(tx, intent.invoiceId);
    if (!invoice || invoice.status !== 'open') return { ok: false, code: 'paid_meanwhile', message: 'This invoice was settled meanwhile' };
    return recordCharge(tx, account, invoice, charged, { now: intent.now, returnUrl: intent.returnUrl });
  };

  /** Stripe's answer to a charge waiting for 3-D Secure: where to send the customer, and which payment it is. */
  const authenticationError = (payment: AuthenticationPayment): AppError =>
    new AppError('authentication_required', {
      extra: { next_action: payment.next_action, payment_intent: { id: payment.id, status: payment.status, amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret } },
    });

  /** A failed charge as the API answers it (spec §8: no card → 'You dont have a valid credit card!'). */
  const paymentError = (result: Extract<PayResult, { ok: false }>): AppError =>
    result.code === 'no_card'
      ? new AppError('no_valid_card')
      : result.code === 'requires_action'
        ? authenticationError(result.payment)
        : new AppError('payment_failed', { message: result.message, details: declineDetails(result.declineCode) });

  return {
    deps,
    nowFor,
    withMerchant,
    addLedgerEntry,
    createInvoice,
    draftInvoice,
    insertInvoices,
    voidInvoice,
    chargeInvoice,
    chargeInvoices,
    recordCharge,
    recordSucceededCharges,
    settleWithoutCharge,
    recordChargeIntent,
    chargeIntent,
    recordIntentOutcome,
    paymentError,
    authenticationError,
    couponFor,
    useCoupon,
    insertSubscription,
    planLine,
    startDunning: startDunningAndTell,
    mailInvoice,
    mailPlan,
    mailPlanCanceledNow,
  };
};

export type Engine = ReturnType<typeof createEngine>;
