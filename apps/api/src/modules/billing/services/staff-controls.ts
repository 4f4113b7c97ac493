import { cancellationCredit, compMonthCredit, GRACE_HORIZON_DAYS } from '@merchant-hub/billing-rules';
import type { CurrencyCode } from '@merchant-hub/domain';
import { amountForQuantity, sumMinor } from '@merchant-hub/money';
import type { SubscriptionControl } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import { findPackage } from '../../packages';
import type { Engine, MerchantTx } from '../engine/billing.engine';
import { nextBillingDay } from '../engine/periods';
import { DUNNING_RETRY_DAYS } from '../engine/subscription-steps';
import { activeAgreementOf, requestAgreementCancel } from '../ecpay/agreements.repository';
import type { InvoiceRecord } from '../repositories/invoices.repository';
import { chargeInFlight, lastEndedPlan, openInvoicesOf, paidForPeriod, reopenInvoices, uncollectibleInvoicesOf } from '../repositories/staff-controls.repository';
import { cancelSubscription, type SubscriptionRecord, updateSubscriptions } from '../repositories/subscriptions.repository';
import { billingState } from './billing-state';

/*
 * Staff subscription controls (issue 27 capability 3), as the billing engine makes them: each is worked out from
 * the merchant's state inside its locked billing transaction (what changes, what credit it gives), and applied
 * there when staff commit. The credit itself is the staff module's (four-eyes, credit note); ECPay agreements
 * that stop paying for what they paid for are marked here and cancelled at ECPay after the commit.
 */

const DAY = 86_400;
/** An ECPay payment page opened this recently may still be paid: cancelling now waits for it. */
const ECPAY_PAGE_SECONDS = 30 * 60;

export type StaffControlInput = { control: SubscriptionControl; proratedCredit?: boolean; days?: number; day?: number };

type Change<T> = { before: T; after: T };
export type InvoiceRef = { id: string; number: string; amount_due_minor: number };

export type StaffControlPlan = {
  currency: CurrencyCode;
  plan: { name: string; period: 'monthly' | 'yearly' };
  status: Change<string>;
  endsAt: Change<number | null>;
  periodEnd: Change<number | null>;
  nextRetryAt: Change<number | null>;
  /** Credit for the merchant's balance (0: none); applied (or held for approval) by the caller. */
  creditMinor: number;
  creditNote: boolean;
  /** Credit voided invoices had taken, given back with the change. */
  returnedCreditMinor: number;
  voided: InvoiceRef[];
  reopened: InvoiceRef[];
  cancelsAgreement: boolean;
  /** Makes the change in the transaction the plan was worked out in (the credit excepted). */
  apply: () => Promise<void>;
};

const refOf = (invoice: InvoiceRecord): InvoiceRef => ({ id: invoice.id, number: invoice.number, amount_due_minor: invoice.amountDue });
const same = <T>(value: T): Change<T> => ({ before: value, after: value });
const periodAmount = (sub: SubscriptionRecord, fallback: number): number => amountForQuantity(sub.unitAmount ?? fallback, sub.quantity);

/** What `input` would do to the merchant now, and how to do it (see {@link StaffControlPlan}). */
export const planStaffControl = async (engine: Engine, ctx: MerchantTx, input: StaffControlInput): Promise<StaffControlPlan> => {
  const { tx, account, now } = ctx;
  const merchantId = account.merchantId;
  const st = await billingState(tx, merchantId);
  const current = st.currentRecord && st.currentRecord.status !== 'trialing' ? st.currentRecord : null;

  if (input.control === 'reinstate') {
    const ended = current ? null : await lastEndedPlan(tx, merchantId);
    const invoices = ended ? await uncollectibleInvoicesOf(tx, ended.plan.id) : [];
    if (!ended || invoices.length === 0 || ended.plan.periodEnd === null || ended.plan.periodEnd <= now) throw new AppError('plan_not_reinstatable');
    const pkg = await findPackage(tx, ended.plan.packageId);
    if (!pkg) throw new AppError('plan_not_reinstatable');
    const nextRetryAt = now + (DUNNING_RETRY_DAYS[0] ?? 1) * DAY;
    return {
      currency: account.currency,
      plan: { name: pkg.name, period: pkg.billing_period },
      status: { before: 'canceled', after: 'past_due' },
      endsAt: { before: ended.plan.endsAt, after: null },
      periodEnd: same(ended.plan.periodEnd),
      nextRetryAt: { before: null, after: nextRetryAt },
      creditMinor: 0,
      creditNote: false,
      returnedCreditMinor: 0,
      voided: [],
      reopened: invoices.map(refOf),
      cancelsAgreement: false,
      apply: async () => {
        // Owed again, with a fresh dunning schedule: the merchant pays with Retry Payment or the next attempt.
        await updateSubscriptions(tx, ended.plan.id, { status: 'past_due', canceledAt: null, endsAt: null, dunningAttempts: 0, nextRetryAt, updatedAt: now });
        if (ended.addOns.length > 0) await updateSubscriptions(tx, ended.addOns.map((s) => s.id), { status: 'active', canceledAt: null, endsAt: null, nextRetryAt: null, updatedAt: now });
        await reopenInvoices(tx, invoices.map((invoice) => invoice.id));
      },
    };
  }

  if (!current || !st.current?.package || (current.status !== 'active' && current.status !== 'past_due')) throw new AppError('plan_not_cancellable');
  const pkg = st.current.package;
  const plan = { name: pkg.name, period: pkg.billing_period };
  const agreement = await activeAgreementOf(tx, current.id);
  const base = {
    currency: account.currency,
    plan,
    status: same<string>(current.status),
    endsAt: same(current.endsAt),
    periodEnd: same(current.periodEnd),
    nextRetryAt: same(current.nextRetryAt),
    creditMinor: 0,
    creditNote: false,
    returnedCreditMinor: 0,
    voided: [] as InvoiceRef[],
    reopened: [] as InvoiceRef[],
    cancelsAgreement: false,
  };
  const addOn = st.addOn && st.addOn.status !== 'canceled' ? st.addOn : null;

  switch (input.control) {
    case 'cancel-now': {
      if (await chargeInFlight(tx, merchantId, now - ECPAY_PAGE_SECONDS)) throw new AppError('charge_in_flight');
      const live = st.subs.filter((s) => s.status !== 'canceled');
      const open = await openInvoicesOf(tx, live.map((s) => s.id));
      const paidFor = [current, ...(addOn && addOn.status === 'active' && addOn.periodEnd === current.periodEnd ? [addOn] : [])];
      let creditMinor = 0;
      if (input.proratedCredit && current.status === 'active' && current.periodStart !== null && current.periodEnd !== null) {
        const paid = await paidForPeriod(tx, paidFor.map((s) => s.id), current.periodEnd);
        creditMinor = cancellationCredit({
          periodAmountsMinor: paidFor.map((s) => periodAmount(s, s === current ? pkg.subtotal : 0)),
          periodStart: current.periodStart,
          periodEnd: current.periodEnd,
          at: now,
          paidForPeriodMinor: paid.subtotals,
          deductedMinor: [...paid.discounts, ...paid.refunded],
          currency: account.currency,
        });
      }
      return {
        ...base,
        status: { before: current.status, after: 'canceled' },
        endsAt: { before: current.endsAt, after: now },
        nextRetryAt: { before: current.nextRetryAt, after: null },
        creditMinor,
        returnedCreditMinor: sumMinor(...open.map((invoice) => invoice.appliedBalance)),
        voided: open.map(refOf),
        cancelsAgreement: agreement !== null,
        apply: async () => {
          await updateSubscriptions(tx, live.map((s) => s.id), { status: 'canceled', canceledAt: now, endsAt: now, nextRetryAt: null, updatedAt: now });
          // Nothing more is owed for a plan that ended now; credit those invoices took is given back.
          for (const invoice of open) await engine.voidInvoice(tx, account, invoice, now);
        },
      };
    }
    case 'cancel-at-period-end': {
      if (current.status !== 'active' || current.periodEnd === null) throw new AppError('plan_not_cancellable');
      if (current.endsAt !== null && !st.pendingRecord) throw new AppError('plan_already_ending');
      const endsAt = current.periodEnd;
      return {
        ...base,
        endsAt: { before: current.endsAt, after: endsAt },
        cancelsAgreement: agreement !== null,
        apply: async () => {
          if (st.pendingRecord) await cancelSubscription(tx, st.pendingRecord.id, now);
          await updateSubscriptions(tx, st.subs.filter((s) => s.status === 'active').map((s) => s.id), { endsAt, updatedAt: now });
          await engine.mailPlan(tx, account, 'planEnding', pkg, endsAt);
        },
      };
    }
    case 'extend-grace': {
      if (current.status !== 'past_due' || current.nextRetryAt === null) throw new AppError('plan_not_past_due');
      const days = input.days ?? 0;
      const extended = (sub: SubscriptionRecord) => Math.max(sub.nextRetryAt ?? now, now) + days * DAY;
      const nextRetryAt = extended(current);
      if (nextRetryAt > now + GRACE_HORIZON_DAYS * DAY) throw new AppError('grace_limit_reached');
      const pastDue = st.subs.filter((s) => s.status === 'past_due' && s.nextRetryAt !== null);
      return {
        ...base,
        nextRetryAt: { before: current.nextRetryAt, after: nextRetryAt },
        apply: async () => {
          for (const sub of pastDue) await updateSubscriptions(tx, sub.id, { nextRetryAt: extended(sub), updatedAt: now });
        },
      };
    }
    case 'billing-day': {
      const day = input.day ?? 0;
      const periodEnd = current.periodEnd;
      if (current.status !== 'active' || periodEnd === null || current.endsAt !== null || st.pendingRecord || current.nextRetryAt !== null || new Date(periodEnd * 1000).getUTCDate() === day) {
        throw new AppError('billing_day_unavailable');
      }
      // The current period runs on to the new day (those days are free); renewals then fall on that day.
      const newEnd = nextBillingDay(periodEnd, day);
      const aligned = st.subs.filter((s) => s.status === 'active' && s.name !== 'default' && s.periodEnd === periodEnd);
      return {
        ...base,
        periodEnd: { before: periodEnd, after: newEnd },
        cancelsAgreement: agreement !== null,
        apply: async () => {
          await updateSubscriptions(tx, [current.id, ...aligned.map((s) => s.id)], { periodEnd: newEnd, anchor: newEnd, updatedAt: now });
          // An agreement charges on its own fixed days: it stops, and the merchant pays on the new day.
          if (agreement) await requestAgreementCancel(tx, agreement.id, 'billing_day_changed', now);
        },
      };
    }
    case 'comp-month': {
      const creditMinor = compMonthCredit({ periodAmountMinor: periodAmount(current, pkg.subtotal), period: pkg.billing_period, currency: account.currency });
      return {
        ...base,
        creditMinor,
        creditNote: true,
        cancelsAgreement: agreement !== null,
        apply: async () => {
          // An agreement charges its fixed amount and would leave the credit unused: it stops, the credit pays the next renewal.
          if (agreement) await requestAgreementCancel(tx, agreement.id, 'comped', now);
        },
      };
    }
    default:
      throw new AppError('not_found');
  }
};
