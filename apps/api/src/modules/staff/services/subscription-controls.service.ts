import type { LedgerLabel } from '@merchant-hub/domain';
import { sumMinor } from '@merchant-hub/money';
import type { SubscriptionControl, SubscriptionControlFields, SubscriptionControlPreview, SubscriptionControlResult } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { newId } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import { accountFingerprint, ecpayBillingFor, type MerchantTx, planStaffControl, type StaffControlInput, type StaffControlPlan } from '../../billing';
import { insertAdjustment, nextCreditNoteNumber, pendingAdjustmentsOf } from '../repositories';
import type { StaffActor, StaffContext } from './staff-context';

/*
 * Subscription controls for staff (issue 27 capability 3): cancel now (with or without prorated credit), cancel at
 * period end, extend a past-due plan's grace, change the billing day, comp a month (a credit note) and reinstate a
 * plan dunning ended. Each is previewed (what changes, what credit, whether a second staff member must approve it)
 * and committed with the preview's token and a reason; the commit re-reads the account in the merchant's locked
 * billing transaction and refuses (409 stale_preview) when anything changed since. The credit is a staff credit
 * adjustment: the four-eyes rule holds it for approval above the threshold, and it can be reversed.
 */

/** The audit action of each control (a comp above the threshold is only requested). */
export const CONTROL_ACTIONS: Record<SubscriptionControl, string> = {
  'cancel-now': 'subscription.cancel_now',
  'cancel-at-period-end': 'subscription.cancel_at_period_end',
  'extend-grace': 'subscription.extend_grace',
  'billing-day': 'subscription.change_billing_day',
  'comp-month': 'subscription.comp_month',
  reinstate: 'subscription.reinstate',
};

type Claims = { m: number; c: SubscriptionControl; i: string; f: string; p: number };

const inputOf = (control: SubscriptionControl, body: SubscriptionControlFields): StaffControlInput => ({ control, proratedCredit: body.prorated_credit, days: body.days, day: body.day });
const inputKey = (input: StaffControlInput): string => JSON.stringify([input.proratedCredit ?? null, input.days ?? null, input.day ?? null]);

/** Only what changes, for the audit entry's before and after. */
const changedFields = (plan: StaffControlPlan): { before: Record<string, unknown>; after: Record<string, unknown> } => {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, change] of [['status', plan.status], ['ends_at', plan.endsAt], ['period_end', plan.periodEnd], ['next_retry_at', plan.nextRetryAt]] as const) {
    if (change.before === change.after) continue;
    before[field] = change.before;
    after[field] = change.after;
  }
  if (plan.voided.length > 0) after.voided_invoices = plan.voided.map((invoice) => invoice.number);
  if (plan.reopened.length > 0) after.reopened_invoices = plan.reopened.map((invoice) => invoice.number);
  if (plan.cancelsAgreement) after.ecpay_agreement = 'cancel_requested';
  return { before, after };
};

export const createSubscriptionControlService = (ctx: StaffContext) => {
  const { deps, seconds, billing, requireMerchant, audited, previewTokens, fourEyesOf, applyToLedger } = ctx;
  const tokens = previewTokens<Claims>('staff-subscription-control');

  /** The merchant's billing transaction, handing the change its engine context (the plan is worked out there). */
  const inMerchant = (merchantId: number, use: (mtx: MerchantTx) => void) => async <R>(fn: (tx: Knex.Transaction) => Promise<R>): Promise<R> =>
    (await billing().engine.withMerchant(merchantId, (mtx) => {
      use(mtx);
      return fn(mtx.tx);
    })) as R;

  const previewControl = async (actor: StaffActor, userId: number, control: SubscriptionControl, body: SubscriptionControlFields): Promise<SubscriptionControlPreview> => {
    const merchant = await requireMerchant(userId);
    const input = inputOf(control, body);
    const { engine } = billing();
    const seen = await engine.withMerchant(merchant.id, async (mtx) => {
      const plan = await planStaffControl(engine, mtx, input);
      const check = await fourEyesOf(mtx.tx, actor.userId, merchant.id, plan.currency, plan.creditMinor);
      return { plan, check, balance: mtx.account.balance, fingerprint: await accountFingerprint(mtx.tx, merchant.id), pending: await pendingAdjustmentsOf(mtx.tx, merchant.id) };
    });
    if (!seen) throw new AppError('not_found');
    const { plan, check } = seen;
    const balanceBefore = -seen.balance;
    return {
      preview_token: tokens.issue({ m: merchant.id, c: control, i: inputKey(input), f: seen.fingerprint, p: seen.pending }),
      control,
      currency: plan.currency,
      plan: plan.plan,
      status: plan.status,
      ends_at: plan.endsAt,
      period_end: plan.periodEnd,
      next_retry_at: plan.nextRetryAt,
      credit_minor: plan.creditMinor,
      credit_note: plan.creditNote,
      balance_before_minor: balanceBefore,
      balance_after_minor: sumMinor(balanceBefore, plan.creditMinor, plan.returnedCreditMinor),
      voided_invoices: plan.voided,
      reopened_invoices: plan.reopened,
      cancels_ecpay_agreement: plan.cancelsAgreement,
      // No credit, nothing to approve, whatever the running total.
      requires_approval: plan.creditMinor > 0 && check.requiresApproval,
      approval_threshold_minor: check.thresholdMinor,
      window_total_minor: check.windowTotalMinor,
      approval_window_hours: check.windowHours,
    };
  };

  const commitControl = async (actor: StaffActor, userId: number, control: SubscriptionControl, body: SubscriptionControlFields & { preview_token: string }): Promise<SubscriptionControlResult> => {
    const merchant = await requireMerchant(userId);
    const claims = tokens.read(body.preview_token);
    const input = inputOf(control, body);
    const { engine } = billing();
    // A control that may give credit names its adjustment up front (the timeline offers to reverse it).
    const adjustmentId = control === 'comp-month' || (control === 'cancel-now' && body.prorated_credit) ? newId('cadj') : null;
    let mtx: MerchantTx | null = null;
    let cancelsAgreement = false;
    const result = await audited<SubscriptionControlResult>(
      actor,
      { merchantId: merchant.id, action: CONTROL_ACTIONS[control], reason: body.reason, details: { control, ...(adjustmentId ? { adjustment_id: adjustmentId } : {}), ...(body.prorated_credit !== undefined ? { prorated_credit: body.prorated_credit } : {}), ...(body.days !== undefined ? { days: body.days } : {}), ...(body.day !== undefined ? { day: body.day } : {}) } },
      async (tx) => {
        const current = mtx as MerchantTx | null;
        if (!current) throw new AppError('not_found');
        if (claims.m !== merchant.id || claims.c !== control || claims.i !== inputKey(input)) throw new AppError('stale_preview');
        if ((await accountFingerprint(tx, merchant.id)) !== claims.f || (await pendingAdjustmentsOf(tx, merchant.id)) !== claims.p) throw new AppError('stale_preview');
        const plan = await planStaffControl(engine, current, input);
        await plan.apply();
        cancelsAgreement = plan.cancelsAgreement;
        const changes = changedFields(plan);
        // Cancel now tells the merchant, in its language, what ended and when, and the credit once it is added.
        const tellCancelled = (credited: boolean) =>
          control === 'cancel-now'
            ? engine.mailPlanCanceledNow(tx, current.account, { name: plan.plan.name, billing_period: plan.plan.period }, plan.endsAt.after ?? current.now, credited ? { amountMinor: plan.creditMinor, currency: plan.currency } : null)
            : Promise.resolve();
        if (plan.creditMinor <= 0) await tellCancelled(false);
        if (plan.creditMinor <= 0) return { result: { control, credit: null } as SubscriptionControlResult, ...changes };
        // The credit: a staff credit adjustment, held for a second staff member above the four-eyes threshold.
        const requiresApproval = (await fourEyesOf(tx, actor.userId, merchant.id, plan.currency, plan.creditMinor)).requiresApproval;
        const creditNoteNumber = plan.creditNote ? await nextCreditNoteNumber(tx, merchant.id) : null;
        const description = (creditNoteNumber ? `Credit note ${creditNoteNumber}: one free month of ${plan.plan.name}` : `Unused time of ${plan.plan.name}, cancelled now`).slice(0, 255);
        // The merchant's billing pages word it in the merchant's language (billing:ledger.*), the English stays for staff.
        const label: LedgerLabel = creditNoteNumber ? { key: 'freeMonth', params: { number: creditNoteNumber, plan: plan.plan.name } } : { key: 'unusedCancelled', params: { plan: plan.plan.name } };
        const record = {
          id: adjustmentId ?? newId('cadj'),
          merchantId: merchant.id,
          requestedBy: actor.userId,
          direction: 'credit' as const,
          amount: plan.creditMinor,
          currency: plan.currency,
          description,
          label,
          reason: body.reason,
          status: requiresApproval ? ('pending_approval' as const) : ('applied' as const),
          ledgerEntryId: null as string | null,
          reversesId: null,
          creditNoteNumber,
          createdAt: seconds(),
        };
        if (!requiresApproval) {
          const applied = await applyToLedger(tx, merchant.id, record);
          record.ledgerEntryId = applied.ledgerEntryId;
          changes.before.credit_balance_minor = applied.before;
          changes.after.credit_balance_minor = applied.after;
        }
        await insertAdjustment(tx, record);
        await tellCancelled(!requiresApproval);
        Object.assign(changes.after, { credit_amount_minor: record.amount, credit_status: record.status, ...(creditNoteNumber ? { credit_note_number: creditNoteNumber } : {}) });
        return {
          result: { control, credit: { adjustment_id: record.id, status: record.status, amount_minor: record.amount, credit_note_number: creditNoteNumber } },
          // A comp waiting for approval changed nothing yet: the merchant sees it once approved.
          ...(requiresApproval && control === 'comp-month' ? { action: 'subscription.comp_month_requested' } : {}),
          ...changes,
        };
      },
      {
        withTransaction: inMerchant(merchant.id, (engineTx) => {
          mtx = engineTx;
        }),
      },
    );
    // An ECPay agreement that no longer pays for what it was made for is cancelled at ECPay, outside the transaction.
    if (cancelsAgreement || control === 'cancel-now' || control === 'cancel-at-period-end') await ecpayBillingFor(deps).settleAgreements(merchant.id);
    return result;
  };

  return { previewControl, commitControl };
};
