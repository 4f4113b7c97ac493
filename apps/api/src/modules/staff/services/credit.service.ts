import type { LedgerLabel } from '@merchant-hub/domain';
import type { CreditAdjustmentPreview, CreditAdjustmentResult } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import { newId } from '../../../db/rows';
import { billingAccountState, countPendingApprovals, creditBalanceOf, findAdjustment, insertAdjustment, lastLedgerSeq, listApprovals, updateAdjustment } from '../repositories';
import type { AdjustmentRecord } from '../repositories';
import type { StaffContext, StaffActor } from './staff-context';

// Credit adjustments: preview, commit, second-staff approval (the four-eyes rule of libs/billing-rules: a
// running total per staff member and merchant over a rolling window) and reversal.

export const createCreditService = (ctx: StaffContext) => {
  const { db, seconds, billing, requireMerchant, audited, inMerchantTx, previewTokens, fourEyesOf, applyToLedger, ledgerAmountOf } = ctx;
  type PreviewClaims = { m: number; s: number; b: number; d: 'credit' | 'debit'; a: number };
  const tokens = previewTokens<PreviewClaims>('staff-credit-preview');
  const issuePreviewToken = tokens.issue;
  const readPreviewToken = tokens.read;

  const previewCredit = async (actor: StaffActor, userId: number, input: { direction: 'credit' | 'debit'; amount_minor: number }): Promise<CreditAdjustmentPreview> => {
    const merchant = await requireMerchant(userId);
    await billing().engine.withMerchant(merchant.id, async () => undefined);
    const account = await creditBalanceOf(db, merchant.id);
    const currency = account?.currency ?? merchant.currency;
    const balance = account?.balance ?? 0;
    const seq = await lastLedgerSeq(db, merchant.id);
    const check = await fourEyesOf(db, actor.userId, merchant.id, currency, input.amount_minor);
    return {
      preview_token: issuePreviewToken({ m: merchant.id, s: seq, b: balance, d: input.direction, a: input.amount_minor }),
      balance_before_minor: -balance,
      balance_after_minor: -(balance + ledgerAmountOf(input.direction, input.amount_minor)),
      currency,
      requires_approval: check.requiresApproval,
      approval_threshold_minor: check.thresholdMinor,
      window_total_minor: check.windowTotalMinor,
      approval_window_hours: check.windowHours,
    };
  };

  const adjustmentResult = (record: Pick<AdjustmentRecord, 'id' | 'status' | 'ledgerEntryId'>): CreditAdjustmentResult => ({
    adjustment: { id: record.id, status: record.status, ledger_entry_id: record.ledgerEntryId },
  });

  const commitCredit = async (
    actor: StaffActor,
    userId: number,
    input: { preview_token: string; direction: 'credit' | 'debit'; amount_minor: number; description: string; reason: string },
  ): Promise<CreditAdjustmentResult> => {
    const merchant = await requireMerchant(userId);
    const claims = readPreviewToken(input.preview_token);
    const adjustmentId = newId('cadj');
    return audited(
      actor,
      {
        merchantId: merchant.id,
        action: 'credit.adjust',
        reason: input.reason,
        details: { adjustment_id: adjustmentId, direction: input.direction, amount_minor: input.amount_minor, description: input.description },
      },
      async (tx) => {
        const account = await billingAccountState(tx, merchant.id);
        const seq = await lastLedgerSeq(tx, merchant.id);
        if (claims.m !== merchant.id || claims.s !== seq || claims.b !== (account?.balance ?? 0) || claims.d !== input.direction || claims.a !== input.amount_minor) throw new AppError('stale_preview');
        // Read in the merchant's locked transaction: two commits at once cannot both see the window empty.
        const needsApproval = (await fourEyesOf(tx, actor.userId, merchant.id, String(account?.currency ?? merchant.currency), input.amount_minor)).requiresApproval;
        const record = {
          id: adjustmentId,
          merchantId: merchant.id,
          requestedBy: actor.userId,
          direction: input.direction,
          amount: input.amount_minor,
          currency: String(account?.currency ?? merchant.currency),
          description: input.description,
          reason: input.reason,
          status: needsApproval ? ('pending_approval' as const) : ('applied' as const),
          ledgerEntryId: null as string | null,
          reversesId: null,
          createdAt: seconds(),
        };
        if (needsApproval) {
          await insertAdjustment(tx, record);
          return { result: adjustmentResult(record), action: 'credit.adjust_requested', after: { status: record.status, amount_minor: record.amount, direction: record.direction } };
        }
        const applied = await applyToLedger(tx, merchant.id, record);
        record.ledgerEntryId = applied.ledgerEntryId;
        await insertAdjustment(tx, record);
        return { result: adjustmentResult(record), before: { credit_balance_minor: applied.before }, after: { credit_balance_minor: applied.after, ledger_entry_id: applied.ledgerEntryId } };
      },
      { withTransaction: inMerchantTx(merchant.id) },
    );
  };

  const requireAdjustment = async (id: string): Promise<AdjustmentRecord> => {
    const record = await findAdjustment(db, id);
    if (!record) throw new AppError('not_found');
    return record;
  };

  /** Undoes an applied adjustment with a linked opposite ledger entry; nothing is edited in the ledger. */
  const reverse = async (actor: StaffActor, adjustmentId: string, reason: string): Promise<CreditAdjustmentResult> => {
    const original = await requireAdjustment(adjustmentId);
    return audited(
      actor,
      { merchantId: original.merchantId, action: 'credit.reverse', reason, details: { adjustment_id: original.id } },
      async (tx) => {
        const current = await findAdjustment(tx, original.id);
        if (!current || current.status !== 'applied' || current.reversesId !== null) throw new AppError('adjustment_not_reversible');
        const direction = current.direction === 'credit' ? ('debit' as const) : ('credit' as const);
        // The merchant reads the reversal in its language; what it reverses keeps its own words (typed, or its label).
        const description = `Reversal: ${current.description}`.slice(0, 255);
        const label: LedgerLabel = { key: 'reversal', params: { description: current.description, ...(current.label ? { of: current.label } : {}) } };
        const applied = await applyToLedger(tx, current.merchantId, { direction, amount: current.amount, description, label });
        const record = {
          id: newId('cadj'),
          merchantId: current.merchantId,
          requestedBy: actor.userId,
          direction,
          amount: current.amount,
          currency: current.currency,
          description,
          label,
          reason,
          status: 'applied' as const,
          ledgerEntryId: applied.ledgerEntryId,
          reversesId: current.id,
          createdAt: seconds(),
        };
        await insertAdjustment(tx, record);
        await updateAdjustment(tx, current.id, { status: 'reversed', reversedById: record.id });
        return { result: adjustmentResult(record), before: { credit_balance_minor: applied.before }, after: { credit_balance_minor: applied.after, reverses: current.id } };
      },
      { withTransaction: inMerchantTx(original.merchantId) },
    );
  };

  const approvals = (status: 'pending' | 'approved' | 'rejected') => listApprovals(db, status).then((data) => ({ data }));

  /** The navigation's badge (issue 27 §7): adjustments waiting for a decision this staff member may take. */
  const approvalCount = async (actor: StaffActor) => ({ pending: await countPendingApprovals(db, actor.userId) });

  const decide = async (actor: StaffActor, approvalId: string, decision: 'approve' | 'reject', reason: string): Promise<CreditAdjustmentResult> => {
    const pending = await requireAdjustment(approvalId);
    return audited(
      actor,
      { merchantId: pending.merchantId, action: decision === 'approve' ? 'credit.approve' : 'credit.reject', reason, details: { adjustment_id: pending.id } },
      async (tx) => {
        const current = await findAdjustment(tx, pending.id);
        if (!current || current.status !== 'pending_approval') throw new AppError('approval_not_pending');
        if (current.requestedBy === actor.userId) throw new AppError('approval_own_request');
        if (decision === 'reject') {
          await updateAdjustment(tx, current.id, { status: 'rejected', decidedBy: actor.userId, decidedAt: seconds() });
          return { result: adjustmentResult({ ...current, status: 'rejected' }), before: { status: current.status }, after: { status: 'rejected' } };
        }
        const applied = await applyToLedger(tx, current.merchantId, current);
        await updateAdjustment(tx, current.id, { status: 'applied', ledgerEntryId: applied.ledgerEntryId, decidedBy: actor.userId, decidedAt: seconds() });
        return { result: adjustmentResult({ ...current, status: 'applied', ledgerEntryId: applied.ledgerEntryId }), before: { credit_balance_minor: applied.before }, after: { credit_balance_minor: applied.after } };
      },
      { withTransaction: inMerchantTx(pending.merchantId) },
    );
  };

  return { previewCredit, commitCredit, reverse, approvals, approvalCount, decide };
};
