import { refundableMinor, refundProblem } from '@merchant-hub/billing-rules';
import { sumMinor, toWholeMajor } from '@merchant-hub/money';
import type { RefundableInvoiceList, RefundPreview, RefundResult } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { newId } from '../../../db/rows';
import { gatewayFor } from '../../../gateways';
import { createEcpayRefunds } from '../../../gateways/ecpay/ecpay-refund';
import { ecpaySettingsFrom } from '../../../gateways/ecpay/ecpay.gateway';
import { GatewayError, type GatewayRefund } from '../../../gateways/port';
import { AppError } from '../../../http/errors';
import { writeAudit } from '../../audit';
import { findInvoice, findRefund, insertRefund, paidInvoicesOf, refundablePaymentOf, refundMethodOf, type RefundMethod, type RefundRecord, refundsByStatus, refundsOfInvoice, reservedRefundAmounts, updateRefund } from '../../billing';
import { ecpayOrderOfTrade } from '../../checkout';
import { countOpenGatewayNotices, listGatewayNotices, reviewGatewayNotice } from '../../gateway-notices';
import type { StaffActor, StaffContext } from './staff-context';

// Refunds from the console (issue 25 item 7): preview, commit with a reason, the four-eyes rule shared with
// credit adjustments, and never a gateway call inside a transaction: the refund is written (`processing`, with
// the idempotency key it is sent with) and committed with an `attempted` audit entry, the gateway is called,
// then its answer is recorded with the outcome entry naming the attempt.

type PreviewClaims = { i: string; p: string; r: number; a: number };

const ECPAY_SIMULATED_PREFIX = 'ecpay_simulated_';

export const createRefundService = (ctx: StaffContext) => {
  const { deps, db, config, seconds, billing, inMerchantTx, previewTokens, fourEyesOf } = ctx;
  const tokens = previewTokens<PreviewClaims>('staff-refund-preview');
  const sum = (amounts: number[]) => sumMinor(...amounts);

  /** The invoice, its refundable payment and what is left on it; refused unless it is paid by a gateway we can refund through. */
  const refundTarget = async (exec: Knex | Knex.Transaction, invoiceId: string) => {
    const invoice = await findInvoice(exec, invoiceId);
    if (!invoice) throw new AppError('not_found');
    const payment = invoice.status === 'paid' ? await refundablePaymentOf(exec, invoice.id) : null;
    const method = payment ? refundMethodOf(payment.methodType) : null;
    // A simulated ECPay payment moved no money: there is nothing to give back.
    if (!payment || !method || payment.id.startsWith(ECPAY_SIMULATED_PREFIX)) throw new AppError('refund_not_allowed');
    const reserved = await reservedRefundAmounts(exec, payment.id);
    return { invoice, payment, method, reserved, refundable: refundableMinor(payment.amount, reserved) };
  };

  const checkAmount = (target: Awaited<ReturnType<typeof refundTarget>>, amountMinor: number) => {
    const problem = refundProblem({ amountMinor, refundableMinor: target.refundable, currency: target.payment.currency, wholeUnitsOnly: target.method === 'ecpay' });
    if (problem === 'refund_too_large') throw new AppError('refund_too_large', { details: { refundable_minor: target.refundable } });
    if (problem === 'whole_units_only') throw new AppError('validation_failed', { details: { fields: { amount_minor: 'validation:staff.amountWholeUnits' } } });
  };

  const previewRefund = async (actor: StaffActor, invoiceId: string, input: { amount_minor: number }): Promise<RefundPreview> => {
    const target = await refundTarget(db, invoiceId);
    checkAmount(target, input.amount_minor);
    const check = await fourEyesOf(db, actor.userId, target.invoice.merchantId, target.payment.currency, input.amount_minor);
    return {
      preview_token: tokens.issue({ i: target.invoice.id, p: target.payment.id, r: sum(target.reserved), a: input.amount_minor }),
      invoice_number: target.invoice.number,
      currency: target.payment.currency,
      paid_minor: target.payment.amount,
      refunded_minor: sum(target.reserved),
      refundable_minor: target.refundable,
      amount_minor: input.amount_minor,
      method: target.method,
      requires_approval: check.requiresApproval,
      approval_threshold_minor: check.thresholdMinor,
      window_total_minor: check.windowTotalMinor,
      approval_window_hours: check.windowHours,
    };
  };

  const resultOf = (refund: RefundRecord): RefundResult => ({
    refund: { id: refund.id, status: refund.status, credit_note_number: refund.creditNoteNumber, amount_minor: refund.amount, currency: refund.currency },
  });

  const auditBase = (actor: StaffActor, refund: Pick<RefundRecord, 'id' | 'merchantId' | 'invoiceId' | 'amount' | 'currency' | 'method'>, reason: string) => ({
    actorUserId: actor.userId,
    merchantId: refund.merchantId,
    reason,
    ip: actor.ip,
    actorRole: actor.role,
    details: { refund_id: refund.id, invoice_id: refund.invoiceId, amount_minor: refund.amount, currency: refund.currency, method: refund.method },
  });

  /** Asks the gateway that took the payment; the idempotency key makes a repeated call give the first refund. */
  const callGateway = async (refund: RefundRecord, method: RefundMethod): Promise<GatewayRefund> => {
    if (method !== 'ecpay') {
      return gatewayFor(deps).refund({ paymentRef: refund.paymentId, amountMinor: refund.amount, idempotencyKey: refund.idempotencyKey, reason: 'staff_refund', metadata: { refund_id: refund.id, invoice_id: refund.invoiceId } });
    }
    const tradeNo = refund.paymentId.replace(/^ecpay_/, '');
    const order = await ecpayOrderOfTrade(db, tradeNo);
    if (!order || order.simulated) throw new GatewayError('refund_refused', 'No ECPay order is known for this payment');
    await createEcpayRefunds(ecpaySettingsFrom(config)).refund({ merchantTradeNo: order.merchantTradeNo, tradeNo, totalAmount: toWholeMajor(refund.amount, refund.currency) });
    // ECPay gives a refund no id of its own: the trade and our refund id name it.
    return { id: `ecpay_${tradeNo}_${refund.id}`, paymentRef: refund.paymentId, amountMinor: refund.amount, currency: refund.currency, status: 'succeeded' };
  };

  /** Calls the gateway for a refund already committed as `processing` (by `attemptId`), then records its answer. */
  const execute = async (actor: StaffActor, refund: RefundRecord, reason: string, attemptId: number): Promise<RefundResult> => {
    const base = { ...auditBase(actor, refund, reason), action: 'refund.create', attemptId };
    let answer: GatewayRefund;
    try {
      answer = await callGateway(refund, refund.method);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.code === 'gateway_unavailable') {
        // The answer is unknown: the refund stays `processing` (its attempted entry has no outcome) and a retry
        // sends the same idempotency key, so it can never be made twice.
        throw new AppError('refund_gateway_unavailable');
      }
      await inMerchantTx(refund.merchantId)(async (tx) => {
        await updateRefund(tx, refund.id, { status: 'failed', failureMessage: error.message, completedAt: seconds() }, 'processing');
        await writeAudit(tx, { ...base, at: seconds(), outcome: 'refused', errorCode: 'refund_refused', after: { status: 'failed', message: error.message.slice(0, 200) } });
      });
      throw new AppError('refund_refused', { message: error.message });
    }
    const done = await inMerchantTx(refund.merchantId)(async (tx) => {
      const current = (await findRefund(tx, refund.id)) as RefundRecord;
      // The webhook may have completed it first (charge.refunded names it in the metadata).
      const completed = current.status === 'processing' ? await billing().services.refunds.completeRefund(tx, current, { gatewayRefundId: answer.id, at: seconds() }) : current;
      await writeAudit(tx, { ...base, at: seconds(), after: { status: completed.status, credit_note_number: completed.creditNoteNumber, gateway_refund_id: answer.id } });
      return completed;
    });
    return resultOf(done);
  };

  const commitRefund = async (actor: StaffActor, invoiceId: string, input: { preview_token: string; amount_minor: number; reason: string }): Promise<RefundResult> => {
    const claims = tokens.read(input.preview_token);
    const invoice = await findInvoice(db, invoiceId);
    if (!invoice) throw new AppError('not_found');
    const id = newId('rf');
    const refused = { actorUserId: actor.userId, merchantId: invoice.merchantId, action: 'refund.create', reason: input.reason, ip: actor.ip, actorRole: actor.role, details: { refund_id: id, invoice_id: invoice.id, amount_minor: input.amount_minor } };
    let committed: { refund: RefundRecord; attemptId: number | null };
    try {
      committed = await inMerchantTx(invoice.merchantId)(async (tx) => {
        const target = await refundTarget(tx, invoiceId);
        if (claims.i !== target.invoice.id || claims.p !== target.payment.id || claims.r !== sum(target.reserved) || claims.a !== input.amount_minor) throw new AppError('stale_preview');
        checkAmount(target, input.amount_minor);
        const needsApproval = (await fourEyesOf(tx, actor.userId, target.invoice.merchantId, target.payment.currency, input.amount_minor)).requiresApproval;
        const refund: RefundRecord = {
          id,
          invoiceId: target.invoice.id,
          merchantId: target.invoice.merchantId,
          paymentId: target.payment.id,
          method: target.method,
          amount: input.amount_minor,
          currency: target.payment.currency,
          reason: input.reason,
          source: 'staff',
          status: needsApproval ? 'pending_approval' : 'processing',
          requestedBy: actor.userId,
          decidedBy: null,
          idempotencyKey: `refund:${id}`,
          gatewayRefundId: null,
          failureMessage: null,
          creditNoteNumber: null,
          createdAt: seconds(),
          completedAt: null,
        };
        await insertRefund(tx, refund);
        const base = auditBase(actor, refund, input.reason);
        if (needsApproval) {
          await writeAudit(tx, { ...base, action: 'refund.request_approval', at: seconds(), after: { status: refund.status } });
          return { refund, attemptId: null };
        }
        return { refund, attemptId: await writeAudit(tx, { ...base, action: 'refund.create', at: seconds(), outcome: 'attempted' }) };
      });
    } catch (error) {
      if (error instanceof AppError) await writeAudit(db, { ...refused, at: seconds(), outcome: 'refused', errorCode: error.code });
      throw error;
    }
    if (committed.attemptId === null) return resultOf(committed.refund);
    return execute(actor, committed.refund, input.reason, committed.attemptId);
  };

  /** A second staff member approves (the gateway is called then) or rejects a refund above the threshold. */
  const decideRefund = async (actor: StaffActor, refundId: string, decision: 'approve' | 'reject', reason: string): Promise<RefundResult> => {
    const pending = await findRefund(db, refundId);
    if (!pending) throw new AppError('not_found');
    const base = auditBase(actor, pending, reason);
    let attemptId: number | null;
    try {
      attemptId = await inMerchantTx(pending.merchantId)(async (tx) => {
        const current = await findRefund(tx, refundId);
        if (!current || current.status !== 'pending_approval') throw new AppError('approval_not_pending');
        if (current.requestedBy === actor.userId) throw new AppError('approval_own_request');
        if (decision === 'reject') {
          await updateRefund(tx, current.id, { status: 'rejected', decidedBy: actor.userId, decidedAt: seconds(), completedAt: seconds() });
          await writeAudit(tx, { ...base, action: 'refund.reject', at: seconds(), after: { status: 'rejected' } });
          return null;
        }
        await updateRefund(tx, current.id, { status: 'processing', decidedBy: actor.userId, decidedAt: seconds() });
        return writeAudit(tx, { ...base, action: 'refund.approve', at: seconds(), outcome: 'attempted' });
      });
    } catch (error) {
      if (error instanceof AppError) await writeAudit(db, { ...base, action: decision === 'approve' ? 'refund.approve' : 'refund.reject', at: seconds(), outcome: 'refused', errorCode: error.code });
      throw error;
    }
    const refund = (await findRefund(db, refundId)) as RefundRecord;
    if (attemptId === null) return resultOf(refund);
    return execute(actor, refund, reason, attemptId);
  };

  /** A refund whose gateway answer was lost: asked again with the same idempotency key. */
  const retryRefund = async (actor: StaffActor, refundId: string, reason: string): Promise<RefundResult> => {
    const refund = await findRefund(db, refundId);
    if (!refund) throw new AppError('not_found');
    if (refund.status !== 'processing') return resultOf(refund);
    const attemptId = await writeAudit(db, { ...auditBase(actor, refund, reason), action: 'refund.retry', at: seconds(), outcome: 'attempted' });
    return execute(actor, refund, reason, attemptId);
  };

  /** The merchant's latest paid invoices with what is left to refund on each (the console's refunds panel). */
  const refundableInvoices = async (userId: number): Promise<RefundableInvoiceList> => {
    const merchant = await ctx.requireMerchant(userId);
    const invoices = await paidInvoicesOf(db, merchant.id, 20);
    const data = await Promise.all(
      invoices.map(async (invoice) => {
        const [payment, refunds] = await Promise.all([refundablePaymentOf(db, invoice.id), refundsOfInvoice(db, invoice.id)]);
        const method = payment && !payment.id.startsWith(ECPAY_SIMULATED_PREFIX) ? refundMethodOf(payment.methodType) : null;
        const reserved = payment ? await reservedRefundAmounts(db, payment.id) : [];
        return {
          id: invoice.id,
          number: invoice.number,
          currency: invoice.currency,
          total_minor: invoice.total,
          paid_minor: payment?.amount ?? 0,
          refunded_minor: sum(reserved),
          refundable_minor: payment && method ? refundableMinor(payment.amount, reserved) : 0,
          method,
          paid_at: invoice.paidAt,
          credit_notes: refunds
            .filter((refund) => refund.status === 'succeeded' && refund.creditNoteNumber)
            .map((refund) => ({ number: refund.creditNoteNumber as string, amount: refund.amount, currency: refund.currency, created: refund.completedAt ?? refund.createdAt, source: refund.source })),
          pending_approval: refunds.filter((refund) => refund.status === 'pending_approval').length,
        };
      }),
    );
    return { data };
  };

  const refundApprovals = async () => {
    const rows = await refundsByStatus(db, 'pending_approval');
    return { data: rows.map((row) => ({ id: row.id, invoice_id: row.invoiceId, merchant_id: row.merchantId, amount_minor: row.amount, currency: row.currency, method: row.method, reason: row.reason, requested_by: row.requestedBy, created: row.createdAt })) };
  };

  const gatewayNotices = async (status: 'open' | 'all') => ({ data: await listGatewayNotices(db, { open: status === 'open', limit: 200 }), open_count: await countOpenGatewayNotices(db) });

  const reviewNotice = async (actor: StaffActor, id: number, reason: string): Promise<{ ok: true }> => {
    await ctx.audited(actor, { merchantId: null, action: 'gateway_notice.review', reason, details: { notice_id: id } }, async (tx) => {
      if (!(await reviewGatewayNotice(tx, id, actor.userId, seconds()))) throw new AppError('approval_not_pending');
      return { result: undefined };
    });
    return { ok: true };
  };

  return { refundableInvoices, previewRefund, commitRefund, decideRefund, retryRefund, refundApprovals, gatewayNotices, reviewNotice };
};
