import { unrecordedRefundMinor } from '@merchant-hub/billing-rules';
import type { Knex } from 'knex';
import { newId } from '../../../db/rows';
import type { GatewayEvent } from '../../../gateways/port';
import { recordGatewayNotice } from '../../gateway-notices';
import type { Engine } from '../engine/billing.engine';
import { findInvoice } from '../repositories/invoices.repository';
import {
  findRefund,
  findRefundByGatewayId,
  insertRefund,
  nextCreditNoteNumber,
  paymentByRef,
  type RefundMethod,
  type RefundRecord,
  succeededRefundAmounts,
  updateRefund,
} from '../repositories/refunds.repository';

/** The Stripe events about money leaving after a payment (docs.stripe.com/refunds, /disputes). */
export const REFUND_AND_DISPUTE_EVENTS = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'] as const;
export type RefundOrDisputeEvent = (typeof REFUND_AND_DISPUTE_EVENTS)[number];
export const isRefundOrDisputeEvent = (type: string): type is RefundOrDisputeEvent => (REFUND_AND_DISPUTE_EVENTS as readonly string[]).includes(type);

const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

export const refundMethodOf = (methodType: string): RefundMethod | null => (methodType === 'card' || methodType === 'fpx' || methodType === 'ecpay' ? methodType : null);

/**
 * Refunds and disputes after the fact: a staff refund completed with the gateway's answer (credit note
 * numbered then), and the Stripe events for refunds and disputes that start outside the product.
 */
export const createRefundsService = (engine: Engine) => {
  const { db } = engine.deps;

  /** Completes a refund the gateway made, in the merchant's transaction: status, its id and the credit note. */
  const completeRefund = async (tx: Knex.Transaction, refund: RefundRecord, outcome: { gatewayRefundId: string; at: number }): Promise<RefundRecord> => {
    const invoice = await findInvoice(tx, refund.invoiceId);
    const creditNoteNumber = await nextCreditNoteNumber(tx, refund.invoiceId, invoice?.number ?? refund.invoiceId);
    await updateRefund(tx, refund.id, { status: 'succeeded', gatewayRefundId: outcome.gatewayRefundId, creditNoteNumber, completedAt: outcome.at, failureMessage: null });
    return (await findRefund(tx, refund.id)) as RefundRecord;
  };

  /**
   * `charge.refunded`, `charge.dispute.created`, `charge.dispute.closed`. Processed once per event id (kept in
   * gateway_notices with the change it made, in one transaction): a redelivery changes nothing. A refund the
   * product asked for (its id in the refund's metadata) is completed if its answer was lost; any other is
   * recorded as the gateway's own, with its credit note. Answers false for a redelivery.
   */
  const handleStripeEvent = async (event: GatewayEvent): Promise<boolean> => {
    const object = event.data.object;
    const paymentRef = str(object.payment_intent);
    const payment = paymentRef ? await paymentByRef(db, paymentRef) : null;
    const dedupeKey = `stripe:${event.id}`;
    const record = async (tx: Knex.Transaction | Knex, at: number, extra: { reason?: string | null; amountMinor?: number | null; details: Record<string, unknown> }) =>
      recordGatewayNotice(tx, {
        gateway: 'stripe',
        kind: event.type as RefundOrDisputeEvent,
        dedupeKey,
        reason: extra.reason ?? null,
        reference: paymentRef ?? str(object.id),
        merchantId: payment?.merchantId ?? null,
        invoiceId: payment?.invoiceId ?? null,
        amountMinor: extra.amountMinor ?? null,
        currency: str(object.currency)?.toUpperCase() ?? null,
        details: extra.details,
        at,
      });
    if (!payment || !payment.invoiceId) {
      // A payment this product did not record (another integration on the same Stripe account): staff see it.
      return record(db, Math.floor(engine.deps.clock.now().getTime() / 1000), { amountMinor: int(object.amount_refunded) ?? int(object.amount), details: { object_id: str(object.id), unknown_payment: true } });
    }
    const invoiceId = payment.invoiceId;
    const result = await engine.withMerchant(payment.merchantId, async ({ tx, now }) => {
      // Looked up under the merchant's lock: two copies of one event at once process once.
      if (await tx('gateway_notices').where({ dedupe_key: dedupeKey }).first('id')) return false;
      if (event.type !== 'charge.refunded') {
        const status = str(object.status);
        return record(tx, now, { reason: str(object.reason), amountMinor: int(object.amount), details: { dispute_id: str(object.id), status, charge: str(object.charge) } });
      }
      const listed = (object.refunds as { data?: unknown[] } | undefined)?.data;
      const made: string[] = [];
      if (Array.isArray(listed)) {
        for (const entry of listed as Record<string, unknown>[]) {
          const id = str(entry.id);
          const amount = int(entry.amount);
          if (!id || amount === null || amount <= 0 || (entry.status !== 'succeeded' && entry.status !== undefined)) continue;
          if (await findRefundByGatewayId(tx, id)) continue;
          const ours = str((entry.metadata as Record<string, unknown> | undefined)?.refund_id);
          const asked = ours ? await findRefund(tx, ours) : null;
          if (asked && asked.paymentId === payment.id) {
            // Our own refund whose answer was lost (or not recorded yet): completed from the event.
            if (asked.status === 'processing') made.push((await completeRefund(tx, asked, { gatewayRefundId: id, at: now })).id);
            continue;
          }
          made.push(await recordGatewayRefund(tx, { invoiceId, merchantId: payment.merchantId, paymentId: payment.id, method: refundMethodOf(payment.methodType) ?? 'card', amount, currency: payment.currency, gatewayRefundId: id, at: now }));
        }
      } else {
        // No refund list (newer API versions leave it out): what Stripe refunded beyond what we recorded.
        const extra = unrecordedRefundMinor(int(object.amount_refunded) ?? 0, await succeededRefundAmounts(tx, payment.id));
        if (extra > 0) made.push(await recordGatewayRefund(tx, { invoiceId, merchantId: payment.merchantId, paymentId: payment.id, method: refundMethodOf(payment.methodType) ?? 'card', amount: extra, currency: payment.currency, gatewayRefundId: `${event.id}`, at: now }));
      }
      return record(tx, now, { amountMinor: int(object.amount_refunded), details: { charge: str(object.id), refunds: made } });
    });
    return result ?? false;
  };

  const recordGatewayRefund = async (
    tx: Knex.Transaction,
    input: { invoiceId: string; merchantId: number; paymentId: string; method: RefundMethod; amount: number; currency: RefundRecord['currency']; gatewayRefundId: string; at: number },
  ): Promise<string> => {
    const invoice = await findInvoice(tx, input.invoiceId);
    const id = newId('rf');
    await insertRefund(tx, {
      id,
      invoiceId: input.invoiceId,
      merchantId: input.merchantId,
      paymentId: input.paymentId,
      method: input.method,
      amount: input.amount,
      currency: input.currency,
      reason: 'Refunded at the payment provider',
      source: 'gateway',
      status: 'succeeded',
      requestedBy: null,
      decidedBy: null,
      idempotencyKey: `gateway:${input.gatewayRefundId}`,
      gatewayRefundId: input.gatewayRefundId,
      failureMessage: null,
      creditNoteNumber: await nextCreditNoteNumber(tx, input.invoiceId, invoice?.number ?? input.invoiceId),
      createdAt: input.at,
      completedAt: input.at,
    });
    return id;
  };

  return { handleStripeEvent, completeRefund };
};
