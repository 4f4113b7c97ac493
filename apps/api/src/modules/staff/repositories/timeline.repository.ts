import type { MerchantRef } from './merchants.repository';
import { type Exec, num } from './shared';

// ------------------------------------------------------------------------------------------------ timeline

export type TimelineRow = {
  id: string;
  at: number;
  kind: string;
  key: string;
  params: Record<string, string | number>;
  amount?: number;
  currency?: string;
  actor?: { id: number; email: string };
  reason?: string;
  ref?: { type: string; id: string };
};

/**
 * Everything that happened to one merchant, newest first, before the cursor `(at, id)`: each source gives its
 * newest `limit` rows past the cursor, so the merged page is exact without reading whole histories.
 */
export const timelineOf = async (db: Exec, merchant: MerchantRef, emails: string[], cursor: { at: number; id: string } | null, limit: number): Promise<TimelineRow[]> => {
  const before = <T>(rows: T[], of: (row: T) => { at: number; id: string }) =>
    rows.filter((row) => {
      if (!cursor) return true;
      const key = of(row);
      return key.at < cursor.at || (key.at === cursor.at && key.id < cursor.id);
    });
  const atMost = cursor ? cursor.at : Number.MAX_SAFE_INTEGER;
  const id = merchant.id;
  const [subs, invoices, payments, ledger, coupons, mails, audits, refunds, notices] = await Promise.all([
    db('subscriptions as s').join('packages as p', 'p.id', 's.package_id').where('s.merchant_id', id).where('s.created_at', '<=', atMost).orderBy('s.created_at', 'desc').limit(limit * 2).select('s.id', 's.name', 's.stripe_status', 's.created_at', 's.canceled_at', 's.trial_ends_at', 's.current_period_start', 's.next_retry_at', 's.dunning_attempts', 'p.name as plan_name'),
    db('invoices').where({ merchant_id: id }).where('created_at', '<=', atMost).orderBy('created_at', 'desc').limit(limit).select('id', 'number', 'status', 'total', 'currency', 'created_at', 'paid_at', 'voided_at'),
    db('payments as pm').leftJoin('invoices as i', 'i.id', 'pm.invoice_id').where('pm.merchant_id', id).where('pm.created_at', '<=', atMost).orderBy('pm.created_at', 'desc').limit(limit).select('pm.id', 'pm.status', 'pm.amount', 'pm.currency', 'pm.failure_message', 'pm.failure_code', 'pm.created_at', 'i.number'),
    db('balance_transactions').where({ merchant_id: id }).where('created_at', '<=', atMost).orderBy('seq', 'desc').limit(limit).select('id', 'seq', 'description', 'amount', 'currency', 'created_at'),
    db('coupon_redemptions as r').join('promotion_codes as pc', 'pc.id', 'r.promotion_code_id').where('r.merchant_id', id).where('r.created_at', '<=', atMost).orderBy('r.created_at', 'desc').limit(limit).select('r.id', 'r.created_at', 'pc.code'),
    db('outbox').whereIn('to_address', emails).where({ channel: 'email' }).orderBy('id', 'desc').limit(limit * 2).select('id', 'subject', 'kind', 'created_at'),
    db('audit_log as a').join('users as u', 'u.id', 'a.actor_user_id').where('a.merchant_id', id).where('a.created_at', '<=', atMost)
      // Staff actions and visits; not every page staff read while acting, nor a gateway call's `attempted` entry
      // (its outcome follows it), which stay in the audit log.
      .where((q) => q.where('a.action', 'merchant.viewed').orWhereNotNull('a.reason').orWhere('a.outcome', 'refused'))
      .whereNot('a.outcome', 'attempted').orderBy('a.id', 'desc').limit(limit).select('a.id', 'a.action', 'a.reason', 'a.outcome', 'a.details', 'a.created_at', 'a.actor_user_id', 'u.email'),
    // Refunds and disputes (issue 25 item 7): done or refused refunds, and what the gateway reported.
    db('invoice_refunds as r').join('invoices as i', 'i.id', 'r.invoice_id').where('r.merchant_id', id).whereIn('r.status', ['succeeded', 'failed']).where('r.completed_at', '<=', atMost).orderBy('r.completed_at', 'desc').limit(limit).select('r.id', 'r.status', 'r.source', 'r.amount', 'r.currency', 'r.credit_note_number', 'r.failure_message', 'r.completed_at', 'i.id as invoice_id', 'i.number'),
    db('gateway_notices').where({ merchant_id: id }).whereIn('kind', ['charge.dispute.created', 'charge.dispute.closed']).where('received_at', '<=', atMost).orderBy('id', 'desc').limit(limit).select('id', 'kind', 'reason', 'amount', 'currency', 'details', 'received_at', 'invoice_id'),
  ]);
  const events: TimelineRow[] = [];
  const changes = scheduledChanges(subs);
  for (const s of subs) {
    const plan = String(s.plan_name);
    const ref = { type: 'subscription', id: String(s.id) };
    const change = changes.get(num(s.id));
    events.push({ id: `sub_${s.id}_created`, at: num(s.created_at), kind: 'subscription', key: change ? 'timeline.subscription.changeScheduled' : 'timeline.subscription.created', params: { plan }, ref });
    // The plan a scheduled change replaced ended with it: one "changed from … to …" entry, when it applied.
    if (change?.applied) events.push({ id: `sub_${s.id}_applied`, at: change.applied.at, kind: 'subscription', key: 'timeline.subscription.changeApplied', params: { plan, from: change.applied.from }, ref });
    const replaced = [...changes.values()].some((other) => other.applied?.replacedId === num(s.id));
    if (s.canceled_at !== null && s.canceled_at !== undefined && !replaced) {
      const cancelledBeforeStart = change !== undefined && !change.applied;
      events.push({ id: `sub_${s.id}_canceled`, at: num(s.canceled_at), kind: 'subscription', key: cancelledBeforeStart ? 'timeline.subscription.changeCancelled' : 'timeline.subscription.canceled', params: { plan }, ref });
    }
    if (s.stripe_status === 'past_due' && s.next_retry_at !== null) {
      events.push({ id: `sub_${s.id}_retry`, at: Math.min(num(s.next_retry_at), atMost), kind: 'dunning', key: 'timeline.dunning.retryScheduled', params: { attempt: num(s.dunning_attempts) + 1, at: num(s.next_retry_at) }, ref: { type: 'subscription', id: String(s.id) } });
    }
  }
  for (const i of invoices) {
    const status = String(i.status);
    const at = status === 'paid' && i.paid_at ? num(i.paid_at) : status === 'void' && i.voided_at ? num(i.voided_at) : num(i.created_at);
    const key = ['open', 'paid', 'void', 'uncollectible', 'draft'].includes(status) ? `timeline.invoice.${status}` : 'timeline.invoice.open';
    events.push({ id: `inv_${i.id}`, at, kind: 'invoice', key, params: { number: String(i.number) }, amount: num(i.total), currency: String(i.currency), ref: { type: 'invoice', id: String(i.id) } });
  }
  for (const p of payments) {
    const status = String(p.status);
    const number = p.number ? String(p.number) : '';
    const kind = status === 'failed' ? 'payment_failed' : 'payment';
    const key = status === 'failed' ? 'timeline.payment.failed' : status === 'succeeded' ? 'timeline.payment.succeeded' : status === 'refunded' ? 'timeline.payment.refunded' : 'timeline.payment.pending';
    events.push({ id: `pay_${p.id}`, at: num(p.created_at), kind, key, params: { number, status, failure: String(p.failure_message ?? p.failure_code ?? '') }, amount: num(p.amount), currency: String(p.currency), ref: { type: 'payment', id: String(p.id) } });
  }
  for (const l of ledger) {
    events.push({ id: `cb_${String(l.seq).padStart(12, '0')}`, at: num(l.created_at), kind: 'credit', key: 'timeline.credit.entry', params: { description: String(l.description ?? '') }, amount: num(l.amount), currency: String(l.currency), ref: { type: 'ledger_entry', id: String(l.id) } });
  }
  for (const c of coupons) events.push({ id: `cpn_${c.id}`, at: num(c.created_at), kind: 'coupon', key: 'timeline.coupon.redeemed', params: { code: String(c.code) } });
  for (const e of mails) {
    const at = Math.floor(new Date(e.created_at as string | number | Date).getTime() / 1000);
    if (at > atMost) continue;
    events.push({ id: `mail_${String(e.id).padStart(12, '0')}`, at, kind: 'email', key: 'timeline.email.sent', params: { subject: String(e.subject ?? ''), kind: String(e.kind) } });
  }
  for (const r of refunds) {
    const key = r.status === 'failed' ? 'timeline.refund.failed' : r.source === 'gateway' ? 'timeline.refund.gateway' : 'timeline.refund.succeeded';
    events.push({ id: `rf_${r.id}`, at: num(r.completed_at), kind: 'refund', key, params: { number: String(r.number), credit_note: String(r.credit_note_number ?? ''), failure: String(r.failure_message ?? '') }, amount: num(r.amount), currency: String(r.currency), ref: { type: 'invoice', id: String(r.invoice_id) } });
  }
  for (const n of notices) {
    const details = JSON.parse(String(n.details ?? '{}')) as { status?: string };
    events.push({
      id: `gn_${String(n.id).padStart(12, '0')}`,
      at: num(n.received_at),
      kind: 'dispute',
      key: n.kind === 'charge.dispute.closed' ? 'timeline.dispute.closed' : 'timeline.dispute.created',
      params: { reason: String(n.reason ?? ''), status: String(details.status ?? '') },
      ...(n.amount !== null ? { amount: num(n.amount), currency: String(n.currency ?? '') } : {}),
      ...(n.invoice_id ? { ref: { type: 'invoice', id: String(n.invoice_id) } } : {}),
    });
  }
  const reversible = await reversibleAdjustments(db, audits);
  for (const a of audits) {
    const adjustmentId = reversible.get(num(a.id));
    events.push({
      id: `audit_${String(a.id).padStart(12, '0')}`,
      at: num(a.created_at),
      kind: 'staff_action',
      key: a.outcome === 'refused' ? 'timeline.staff.refused' : staffActionKey(String(a.action)),
      params: { action: String(a.action) },
      actor: { id: num(a.actor_user_id), email: String(a.email) },
      ...(a.reason ? { reason: String(a.reason) } : {}),
      ref: adjustmentId ? { type: 'credit_adjustment', id: adjustmentId } : { type: 'audit', id: String(a.id) },
    });
  }
  return before(events, (e) => ({ at: e.at, id: e.id }))
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit + 1);
};

type ScheduledChange = { applied: { at: number; from: string; replacedId: number | null } | null };

/**
 * The subscriptions that were a scheduled plan change (spec §3: a second `default` subscription, `trialing` until
 * `trial_ends_at`, when the renewal starts it and cancels the plan it replaces): whether it applied, when, and
 * which plan it replaced. Only these carry `trial_ends_at`; the product has no free trial of its own.
 */
const scheduledChanges = (subs: Record<string, unknown>[]): Map<number, ScheduledChange> => {
  const plans = subs.filter((s) => s.name === 'default').sort((a, b) => num(a.id) - num(b.id));
  const changes = new Map<number, ScheduledChange>();
  for (const [index, s] of plans.entries()) {
    if (s.trial_ends_at === null || s.trial_ends_at === undefined) continue;
    const started = s.current_period_start !== null && s.current_period_start !== undefined && s.stripe_status !== 'trialing';
    if (!started) {
      changes.set(num(s.id), { applied: null });
      continue;
    }
    // The plan it replaced: the newest earlier plan that ended once this one was scheduled.
    const replaced = plans
      .slice(0, index)
      .reverse()
      .find((p) => p.canceled_at !== null && p.canceled_at !== undefined && num(p.canceled_at) >= num(s.created_at) && (p.trial_ends_at === null || p.trial_ends_at === undefined || (p.current_period_start !== null && p.current_period_start !== undefined)));
    changes.set(num(s.id), {
      applied: { at: replaced ? num(replaced.canceled_at) : num(s.trial_ends_at), from: replaced ? String(replaced.plan_name) : '', replacedId: replaced ? num(replaced.id) : null },
    });
  }
  return changes;
};

/** Staff actions that may apply a credit adjustment (named in their details' `adjustment_id`). */
const CREDITING_ACTIONS = new Set(['credit.adjust', 'credit.approve', 'subscription.cancel_now', 'subscription.comp_month']);

/** Audit entry id → the adjustment it applied, for adjustments still applied and not reversed (staff may reverse those). */
const reversibleAdjustments = async (db: Exec, audits: Record<string, unknown>[]): Promise<Map<number, string>> => {
  const applying = new Map<number, string>();
  for (const a of audits) {
    if (a.outcome === 'refused' || !CREDITING_ACTIONS.has(String(a.action)) || !a.details) continue;
    const details = (typeof a.details === 'string' ? JSON.parse(a.details) : a.details) as { adjustment_id?: unknown };
    if (typeof details.adjustment_id === 'string') applying.set(num(a.id), details.adjustment_id);
  }
  if (applying.size === 0) return applying;
  const open = new Set(
    (await db('staff_credit_adjustments').whereIn('id', [...new Set(applying.values())]).where({ status: 'applied' }).whereNull('reverses_id').select('id')).map((row) => String(row.id)),
  );
  return new Map([...applying].filter(([, adjustmentId]) => open.has(adjustmentId)));
};

const STAFF_ACTION_KEYS: Record<string, string> = {
  'merchant.viewed': 'timeline.staff.viewed',
  'credit.adjust': 'timeline.staff.creditAdjusted',
  'credit.adjust_requested': 'timeline.staff.creditRequested',
  'credit.approve': 'timeline.staff.creditApproved',
  'credit.reject': 'timeline.staff.creditRejected',
  'credit.reverse': 'timeline.staff.creditReversed',
  'invoice.void': 'timeline.staff.invoiceVoided',
  'invoice.mark_uncollectible': 'timeline.staff.invoiceUncollectible',
  'invoice.resend': 'timeline.staff.invoiceResent',
  'merchant.wizard_invite': 'timeline.staff.wizardInvite',
  'merchant.password_reset': 'timeline.staff.passwordReset',
  'merchant.lift_sign_in_ban': 'timeline.staff.signInBanLifted',
  'clock.advance': 'timeline.staff.clockAdvanced',
  'merchant.profile_updated': 'timeline.staff.profileUpdated',
  'merchant.avatar_updated': 'timeline.staff.avatarUpdated',
  'account.contact_change_reported': 'timeline.staff.contactChangeReported',
  'refund.create': 'timeline.staff.refundMade',
  'refund.request_approval': 'timeline.staff.refundRequested',
  'refund.approve': 'timeline.staff.refundApproved',
  'refund.reject': 'timeline.staff.refundRejected',
  'refund.retry': 'timeline.staff.refundMade',
  'subscription.cancel_now': 'timeline.staff.subscriptionCancelledNow',
  'subscription.cancel_at_period_end': 'timeline.staff.subscriptionCancelAtPeriodEnd',
  'subscription.extend_grace': 'timeline.staff.subscriptionGraceExtended',
  'subscription.change_billing_day': 'timeline.staff.subscriptionBillingDayChanged',
  'subscription.comp_month': 'timeline.staff.subscriptionComped',
  'subscription.comp_month_requested': 'timeline.staff.subscriptionCompRequested',
  'subscription.reinstate': 'timeline.staff.subscriptionReinstated',
};

export const staffActionKey = (action: string): string => STAFF_ACTION_KEYS[action] ?? 'timeline.staff.billing';
