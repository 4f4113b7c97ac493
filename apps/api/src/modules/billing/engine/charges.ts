import type { ChargeInput, GatewayExec, GatewayPayment, PaymentGateway } from '../../../gateways/port';
import type { BillingAccount } from '../repositories/billing-accounts.repository';
import type { InvoiceRecord } from '../repositories/invoices.repository';
import { chargeOnce } from './charge-once';

/**
 * The idempotency key of a renewal's first charge: the subscription and the period it pays for. Whoever
 * charges that period (this run, a run after a crash, a second instance) sends the same key, so the gateway
 * answers with the first charge instead of taking a second one.
 */
export const renewalChargeKey = (subscriptionId: number, periodStart: number): string => `renewal:${subscriptionId}:${periodStart}`;

/** The key of a charge of `invoice`: a renewal's first attempt is the period's, whoever makes it; later ones count attempts. */
const chargeKeyOf = (invoice: InvoiceRecord, attempt: number): string =>
  invoice.billingReason === 'subscription_cycle' && attempt === 1 && invoice.subscriptionId !== null ? renewalChargeKey(invoice.subscriptionId, invoice.periodStart) : `${invoice.id}:attempt:${attempt}`;

/** The gateway's answer to one charge, with what it was asked under (see chargeInvoice). */
export type Charged = { payment: GatewayPayment; paymentMethod: string; idempotencyKey: string; attempt: number };

export type ChargeOptions = {
  offSession: boolean;
  paymentMethod?: string | null;
  returnUrl?: string;
  idempotencyKey?: string;
  /** Added to the payment's metadata (the public checkout's `purpose` and order, which its webhook reads). */
  metadata?: Record<string, string>;
};

/** How the engine asks the gateway for invoices' money: the key of each charge, one at a time or a batch at once. */
export const createCharger = (gateway: PaymentGateway) => {
  /** What {@link chargeInvoice} asks the gateway; null when there is no card to charge. */
  const chargeRequest = (account: BillingAccount, invoice: InvoiceRecord, options: ChargeOptions): { input: ChargeInput; paymentMethod: string; attempt: number } | null => {
    const paymentMethod = options.paymentMethod ?? account.defaultPaymentMethod;
    if (!paymentMethod || !account.gatewayCustomerId) return null;
    const attempt = invoice.attemptCount + 1;
    const idempotencyKey = options.idempotencyKey ?? chargeKeyOf(invoice, attempt);
    const input: ChargeInput = {
      customer: account.gatewayCustomerId,
      paymentMethod,
      amount: invoice.amountDue,
      currency: invoice.currency,
      idempotencyKey,
      description: `Invoice ${invoice.number}`,
      offSession: options.offSession,
      returnUrl: options.offSession ? undefined : options.returnUrl,
      // `charge_key`: how the payment is found again when a crash lost the answer (PaymentGateway.findPaymentByKey).
      metadata: { ...options.metadata, invoice: invoice.id, merchant_id: String(account.merchantId), charge_key: idempotencyKey },
    };
    return { input, paymentMethod, attempt };
  };
  /**
   * Asks the gateway for what an open invoice still owes (no database write of ours: run it outside long
   * transactions). The idempotency key is the caller's (a renewal's: {@link renewalChargeKey}) or derived from
   * the invoice and the attempt number; a retry with the same key gets the first answer, never a second charge.
   * Null when there is no card to charge.
   */
  const chargeInvoice = async (account: BillingAccount, invoice: InvoiceRecord, options: ChargeOptions, exec?: GatewayExec): Promise<Charged | null> => {
    const request = chargeRequest(account, invoice, options);
    if (!request) return null;
    const payment = await chargeOnce(gateway, request.input, exec);
    return { payment, paymentMethod: request.paymentMethod, idempotencyKey: request.input.idempotencyKey, attempt: request.attempt };
  };
  /**
   * {@link chargeInvoice} for many invoices (a renewal batch's): asked of the gateway together when it takes
   * them so ({@link PaymentGateway.chargeMany}), else one by one, each with its retries. Each answer is what
   * chargeInvoice would have returned, or the error it would have thrown (the next run asks again, same key).
   */
  const chargeInvoices = async (items: { account: BillingAccount; invoice: InvoiceRecord; options: ChargeOptions }[], exec?: GatewayExec): Promise<(Charged | null | Error)[]> => {
    const requests = items.map((item) => chargeRequest(item.account, item.invoice, item.options));
    const asked = requests.filter((request) => request !== null);
    // A call that failed as a whole (a cut connection) failed for each of its charges.
    const payments = asked.length === 0 ? [] : await gateway.chargeMany?.(asked.map((request) => request.input), exec).catch((error: Error) => asked.map(() => error));
    if (!payments) {
      const answers: (Charged | null | Error)[] = [];
      for (const item of items) answers.push(await chargeInvoice(item.account, item.invoice, item.options, exec).catch((error: Error) => error));
      return answers;
    }
    let next = 0;
    return requests.map((request) => {
      if (!request) return null;
      const payment = payments[next++];
      return payment instanceof Error ? payment : { payment, paymentMethod: request.paymentMethod, idempotencyKey: request.input.idempotencyKey, attempt: request.attempt };
    });
  };

  return { chargeRequest, chargeInvoice, chargeInvoices };
};
