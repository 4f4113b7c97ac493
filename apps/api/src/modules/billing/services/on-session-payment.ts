import type { AuthenticationPayment, Engine, MerchantTx } from '../engine/billing.engine';
import type { AppError } from '../../../http/errors';
import type { InvoiceRecord } from '../repositories/invoices.repository';
import { insertAuthentication, waitingAuthentication } from '../repositories/payments.repository';
import type { PendingChange } from './billing-state';

/** A first plan and a plan change leave nothing behind when authentication fails; unpaid renewals and add-ons stay owed. */
export const VOID_ON_FAILURE: readonly PendingChange['purpose'][] = ['subscribe', 'plan_change'];

/** Charging while the customer is present: one payment waits for 3-D Secure at a time, and a refusal undoes the change. */
export const createOnSessionPayment = (engine: Engine) => {
  const { gateway } = engine.deps;

  /**
   * The answer to a customer who asks for a payment while one of theirs waits for 3-D Secure (read from the
   * gateway: outside any transaction, unless `exec` is the caller's): null when the gateway no longer knows it.
   */
  const refusalFor = async (waiting: { paymentIntentId: string }, returnUrl: string, exec?: MerchantTx['tx']): Promise<AppError | null> => {
    const payment = await gateway.retrievePayment(waiting.paymentIntentId, exec);
    if (!payment) return null;
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', payment.id);
    back.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
    const nextAction =
      payment.status === 'requires_action' && payment.next_action
        ? payment.next_action
        : { type: 'redirect_to_url' as const, redirect_to_url: { url: back.toString(), return_url: returnUrl } };
    return engine.authenticationError({ id: payment.id, status: 'requires_action', amount: payment.amount, currency: payment.currency, client_secret: payment.client_secret, next_action: nextAction });
  };

  /**
   * One on-session payment awaits 3-D Secure at a time: charging again while one waits could take money
   * twice for the same change (the customer may still complete the first). Throwing rolls back whatever the
   * call prepared and sends the customer back to the waiting payment: its issuer page while the bank still
   * waits, or the billing page's return handler (which confirms it) once the bank has answered.
   */
  const refuseWhileAuthenticating = async (ctx: MerchantTx, returnUrl: string): Promise<void> => {
    const waiting = await waitingAuthentication(ctx.tx, ctx.account.merchantId);
    if (!waiting) return;
    const refusal = await refusalFor(waiting, returnUrl, ctx.tx);
    if (refusal) throw refusal;
  };

  /**
   * Keeps the invoice open and the change on hold while the customer authenticates (Stripe's
   * `requires_action`); the call answers 402 `authentication_required` with the page to go to.
   */
  const awaitAuthentication = async (ctx: MerchantTx, invoice: InvoiceRecord, payment: AuthenticationPayment, pending: PendingChange): Promise<void> => {
    await insertAuthentication(ctx.tx, { paymentIntentId: payment.id, merchantId: ctx.account.merchantId, invoiceId: invoice.id, purpose: pending.purpose, details: pending.details, now: ctx.now });
    ctx.failAfterCommit(engine.authenticationError(payment));
  };

  /**
   * Charges a just-created open invoice at once. Without a card the call fails outright (nothing is kept);
   * on a refusal the invoice is voided and the refusal raised after the transaction commits, so the void
   * stays on record. False tells the caller to stop.
   */
  const chargeNowOrVoid = async (ctx: MerchantTx, invoice: InvoiceRecord, returnUrl: string, pending: PendingChange): Promise<boolean> => {
    if (invoice.status !== 'open') return true;
    await refuseWhileAuthenticating(ctx, returnUrl);
    const paid = await engine.payInvoice(ctx.tx, ctx.account, invoice, { now: ctx.now, offSession: false, returnUrl });
    if (paid.ok) return true;
    if (paid.code === 'no_card') throw engine.paymentError(paid);
    if (paid.code === 'requires_action') {
      await awaitAuthentication(ctx, invoice, paid.payment, pending);
      return false;
    }
    await engine.voidInvoice(ctx.tx, ctx.account, invoice, ctx.now);
    ctx.failAfterCommit(engine.paymentError(paid));
    return false;
  };

  return { refusalFor, refuseWhileAuthenticating, awaitAuthentication, chargeNowOrVoid };
};

export type OnSessionPayment = ReturnType<typeof createOnSessionPayment>;
