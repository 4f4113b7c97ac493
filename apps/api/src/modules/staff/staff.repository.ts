import { percentOf } from '@merchant-hub/money';
import type { AttentionReason, MerchantDirectoryQuery, MerchantRow, MerchantState } from '@merchant-hub/validation';
import type { Knex } from 'knex';

/*
 * Every query of the staff console. Rows come back as the contract's snake_case shapes (they are what the
 * API answers) or as small records; billing moments are unix seconds, amounts minor units.
 */

type Exec = Knex | Knex.Transaction;

const DAY = 86_400;
/** Sorts a merchant without a next billing date after every merchant with one. */
const NO_DATE = 99_999_999_999;

const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export type MerchantRef = { id: number; ownerUserId: number; name: string; currency: string };

export const findMerchantByOwner = async (db: Exec, userId: number): Promise<MerchantRef | null> => {
  const row = await db('merchants').where({ owner_user_id: userId }).first('id', 'owner_user_id', 'name', 'currency_code');
  return row ? { id: num(row.id), ownerUserId: num(row.owner_user_id), name: String(row.name), currency: String(row.currency_code) } : null;
};

export const findMerchantById = async (db: Exec, merchantId: number): Promise<MerchantRef | null> => {
  const row = await db('merchants').where({ id: merchantId }).first('id', 'owner_user_id', 'name', 'currency_code');
  return row ? { id: num(row.id), ownerUserId: num(row.owner_user_id), name: String(row.name), currency: String(row.currency_code) } : null;
};

export const findStaffUser = async (db: Exec, userId: number): Promise<{ id: number; email: string; name: string } | null> => {
  const row = await db('users').where({ id: userId }).first('id', 'email', 'name');
  return row ? { id: num(row.id), email: String(row.email), name: String(row.name) } : null;
};

// ------------------------------------------------------------------------------------------------ directory

/** The merchant's live plan (`s`), its scheduled change (`pend`), the plan's package (`p`) and country (`c`). */
const directoryBase = (db: Exec) =>
  db('merchants as m')
    .join('users as u', 'u.id', 'm.owner_user_id')
    .leftJoin('countries as c', 'c.id', 'm.country_id')
    .leftJoin('subscriptions as s', (j) => j.on('s.merchant_id', 'm.id').andOnVal('s.name', 'default').andOnIn('s.stripe_status', ['active', 'past_due']))
    .leftJoin('packages as p', 'p.id', 's.package_id')
    .leftJoin('subscriptions as pend', (j) => j.on('pend.merchant_id', 'm.id').andOnVal('pend.name', 'default').andOnVal('pend.stripe_status', 'trialing'));

// A scheduled downgrade also sets the live plan's `ends_at`: the pending plan is what tells it from a plan
// that simply ends (grace).
const STATE_SQL = `case when s.id is null then 'no_plan' when s.stripe_status = 'past_due' then 'past_due' when pend.id is not null then 'change_scheduled' when s.ends_at is not null then 'grace' else 'active' end`;
const NEXT_BILLING_SQL = `case when s.id is null then null when pend.id is not null then pend.trial_ends_at when s.ends_at is null then s.current_period_end else null end`;
const failedRecentlySql = `exists (select 1 from payments pf where pf.merchant_id = m.id and pf.status = 'failed' and pf.created_at >= ?)`;
const graceEndingSql = `(s.ends_at is not null and pend.id is null and s.ends_at >= ? and s.ends_at <= ?)`;

/** What a directory row is made of. */
const rowColumns = (db: Exec, now: number) => [
  'm.id as merchant_id',
  'm.owner_user_id',
  'm.name as merchant_name',
  'm.currency_code',
  'u.email as owner_email',
  'u.phone as owner_phone',
  'c.iso_code',
  's.stripe_status',
  's.ends_at',
  'p.name as plan_name',
  'p.market as plan_market',
  'p.billing_period',
  'p.price',
  'p.discount',
  db.raw(`${STATE_SQL} as state`),
  db.raw(`${NEXT_BILLING_SQL} as next_billing_at`),
  db.raw(`case when ${failedRecentlySql} then 1 else 0 end as failed_recently`, [now - 7 * DAY]),
];

type SortSpec = { expr: string; desc: boolean };
const sortSpecOf = (sort: MerchantDirectoryQuery['sort']): SortSpec => {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const expr = key === 'name' ? 'm.name' : key === 'created' ? 'm.created_at' : `coalesce(${NEXT_BILLING_SQL}, ${NO_DATE})`;
  return { expr, desc };
};

/** `%text%` for LIKE with the user's own % and _ taken literally. */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type DirectoryCursor = { v: string | number; id: number };

export const searchDirectory = async (
  db: Exec,
  filter: MerchantDirectoryQuery,
  cursor: DirectoryCursor | null,
  now: number,
): Promise<{ rows: MerchantRow[]; sortValues: (string | number)[] }> => {
  const sort = sortSpecOf(filter.sort);
  const query = directoryBase(db).select(...rowColumns(db, now), db.raw(`${sort.expr} as sort_value`));
  if (filter.q) {
    const like = containsPattern(filter.q);
    query.where((w) =>
      w
        .whereRaw(`lower(m.name) like ? escape '\\'`, [like])
        .orWhereRaw(`u.email like ? escape '\\'`, [like])
        .orWhereRaw(`u.phone like ? escape '\\'`, [like])
        .orWhereRaw(`exists (select 1 from stores st where st.merchant_id = m.id and (lower(st.name) like ? escape '\\' or lower(st.email) like ? escape '\\'))`, [like, like]),
    );
  }
  if (filter.market) query.whereRaw('coalesce(p.market, c.iso_code) = ?', [filter.market]);
  if (filter.plan) query.where('p.name', filter.plan);
  if (filter.period) query.where('p.billing_period', filter.period);
  if (filter.state) query.whereRaw(`${STATE_SQL} = ?`, [filter.state]);
  if (filter.view === 'attention') {
    query.where((w) => w.where('s.stripe_status', 'past_due').orWhereRaw(failedRecentlySql, [now - 7 * DAY]).orWhereRaw(graceEndingSql, [now, now + 7 * DAY]));
  }
  if (cursor) {
    const op = sort.desc ? '<' : '>';
    query.whereRaw(`(${sort.expr} ${op} ? or (${sort.expr} = ? and m.id ${op} ?))`, [cursor.v, cursor.v, cursor.id]);
  }
  query.orderByRaw(`${sort.expr} ${sort.desc ? 'desc' : 'asc'}, m.id ${sort.desc ? 'desc' : 'asc'}`).limit(filter.limit + 1);
  const rows = await query;
  const stores = await storeNamesOf(db, rows.map((row) => num(row.merchant_id)));
  return {
    rows: rows.map((row) => toMerchantRow(row, stores.get(num(row.merchant_id)) ?? [], now)),
    sortValues: rows.map((row) => (typeof row.sort_value === 'number' || typeof row.sort_value === 'string' ? row.sort_value : row.sort_value instanceof Date ? row.sort_value.toISOString() : String(row.sort_value))),
  };
};

const storeNamesOf = async (db: Exec, merchantIds: number[]): Promise<Map<number, string[]>> => {
  const map = new Map<number, string[]>();
  if (merchantIds.length === 0) return map;
  for (const row of await db('stores').whereIn('merchant_id', merchantIds).orderBy('id').select('merchant_id', 'name')) {
    const list = map.get(num(row.merchant_id)) ?? [];
    list.push(String(row.name));
    map.set(num(row.merchant_id), list);
  }
  return map;
};

/** A plan's price per month, after its list discount (yearly plans spread over twelve months). */
export const monthlyRevenueOf = (price: number, discountPercent: number, period: string): number => {
  const net = price - percentOf(price, discountPercent);
  // Half up, in integers: the same rounding libs/money uses for every amount.
  return period === 'yearly' ? Math.floor((net * 2 + 12) / 24) : net;
};

const toMerchantRow = (row: Record<string, unknown>, stores: string[], now: number): MerchantRow => {
  const attention: AttentionReason[] = [];
  if (row.stripe_status === 'past_due') attention.push('past_due');
  if (num(row.failed_recently) === 1) attention.push('failed_payment');
  const endsAt = numOrNull(row.ends_at);
  const state = String(row.state) as MerchantState;
  if (state === 'grace' && endsAt !== null && endsAt >= now && endsAt <= now + 7 * DAY) attention.push('grace_ending');
  const hasPlan = row.plan_name !== null && row.plan_name !== undefined;
  return {
    user_id: num(row.owner_user_id),
    merchant_id: num(row.merchant_id),
    merchant_name: String(row.merchant_name),
    owner_email: String(row.owner_email),
    owner_phone: row.owner_phone ? String(row.owner_phone) : null,
    stores,
    market: String(row.plan_market ?? row.iso_code ?? ''),
    currency: String(row.currency_code),
    plan_name: hasPlan ? String(row.plan_name) : null,
    period: hasPlan ? (String(row.billing_period) as 'monthly' | 'yearly') : null,
    state,
    // Revenue the plan brings each month while it renews (not while it is past due or ending).
    mrr_minor: hasPlan && (state === 'active' || state === 'change_scheduled') ? monthlyRevenueOf(num(row.price), Number(row.discount ?? 0), String(row.billing_period)) : 0,
    next_billing_at: numOrNull(row.next_billing_at),
    attention,
  };
};

export const merchantRowOf = async (db: Exec, merchantId: number, now: number): Promise<MerchantRow | null> => {
  const row = await directoryBase(db)
    .where('m.id', merchantId)
    .first(
      'm.id as merchant_id',
      'm.owner_user_id',
      'm.name as merchant_name',
      'm.currency_code',
      'u.email as owner_email',
      'u.phone as owner_phone',
      'c.iso_code',
      's.stripe_status',
      's.ends_at',
      'p.name as plan_name',
      'p.market as plan_market',
      'p.billing_period',
      'p.price',
      'p.discount',
      db.raw(`${STATE_SQL} as state`),
      db.raw(`${NEXT_BILLING_SQL} as next_billing_at`),
      db.raw(`case when ${failedRecentlySql} then 1 else 0 end as failed_recently`, [now - 7 * DAY]),
    );
  if (!row) return null;
  const stores = await storeNamesOf(db, [merchantId]);
  return toMerchantRow(row as Record<string, unknown>, stores.get(merchantId) ?? [], now);
};

export const countAttention = async (db: Exec, now: number): Promise<{ past_due: number; failed_payments_7d: number; grace_ending_7d: number; total: number }> => {
  const count = async (build: (q: Knex.QueryBuilder) => void): Promise<number> => {
    const q = directoryBase(db);
    build(q);
    const row = await q.count({ n: 'm.id' }).first();
    return num(row?.n ?? 0);
  };
  const [pastDue, failed, grace, total] = await Promise.all([
    count((q) => q.where('s.stripe_status', 'past_due')),
    count((q) => q.whereRaw(failedRecentlySql, [now - 7 * DAY])),
    count((q) => q.whereRaw(graceEndingSql, [now, now + 7 * DAY])),
    count((q) => q.where((w) => w.where('s.stripe_status', 'past_due').orWhereRaw(failedRecentlySql, [now - 7 * DAY]).orWhereRaw(graceEndingSql, [now, now + 7 * DAY]))),
  ]);
  return { past_due: pastDue, failed_payments_7d: failed, grace_ending_7d: grace, total };
};

// ------------------------------------------------------------------------------------------- merchant page

export const ownerOf = async (db: Exec, userId: number) => {
  const row = await db('users').where({ id: userId }).first('id', 'name', 'email', 'phone', 'locale');
  if (!row) return null;
  const ban = await db('one_time_codes').where({ purpose: 'login', subject: String(row.email) }).first('banned_until');
  const bannedUntil = ban?.banned_until ? new Date(ban.banned_until as string | number | Date) : null;
  return {
    id: num(row.id),
    name: String(row.name),
    email: String(row.email),
    phone: row.phone ? String(row.phone) : null,
    locale: String(row.locale),
    bannedUntil,
  };
};

export const storesOf = async (db: Exec, merchantId: number) =>
  (await db('stores as st').leftJoin('countries as c', 'c.id', 'st.country_id').where('st.merchant_id', merchantId).orderBy('st.id').select('st.id', 'st.name', 'st.email', 'c.iso_code')).map((row) => ({
    id: num(row.id),
    name: String(row.name),
    email: String(row.email),
    country: row.iso_code ? String(row.iso_code) : null,
  }));

export const usersOf = async (db: Exec, merchantId: number, ownerUserId: number) => {
  const memberIds = (await db('store_users').join('stores', 'stores.id', 'store_users.store_id').where('stores.merchant_id', merchantId).distinct('store_users.user_id')).map((row) => num(row.user_id));
  const ids = [...new Set([ownerUserId, ...memberIds])];
  const users = await db('users').whereIn('id', ids).orderBy('id').select('id', 'name', 'email');
  const roles = await db('user_roles').join('roles', 'roles.id', 'user_roles.role_id').whereIn('user_roles.user_id', ids).select('user_roles.user_id', 'roles.name');
  return users.map((user) => ({
    id: num(user.id),
    name: String(user.name),
    email: String(user.email),
    roles: roles.filter((role) => num(role.user_id) === num(user.id)).map((role) => String(role.name)),
  }));
};

export const subscriptionOf = async (db: Exec, merchantId: number) => {
  const live = await db('subscriptions as s').join('packages as p', 'p.id', 's.package_id').where('s.merchant_id', merchantId).where('s.name', 'default').whereIn('s.stripe_status', ['active', 'past_due']).orderBy('s.id', 'desc').first('s.*', 'p.name as plan_name', 'p.billing_period');
  if (!live) return null;
  const pending = await db('subscriptions as s').join('packages as p', 'p.id', 's.package_id').where('s.merchant_id', merchantId).where('s.name', 'default').where('s.stripe_status', 'trialing').orderBy('s.id', 'desc').first('s.package_id', 's.trial_ends_at', 'p.name as plan_name', 'p.billing_period');
  return {
    package_id: num(live.package_id),
    plan_name: String(live.plan_name),
    period: String(live.billing_period) as 'monthly' | 'yearly',
    status: String(live.stripe_status),
    ends_at: numOrNull(live.ends_at),
    trial_ends_at: numOrNull(live.trial_ends_at),
    current_period_end: numOrNull(live.current_period_end),
    scheduled_change: pending
      ? { package_id: num(pending.package_id), plan_name: String(pending.plan_name), period: String(pending.billing_period) as 'monthly' | 'yearly', at: numOrNull(pending.trial_ends_at) }
      : null,
  };
};

export const creditBalanceOf = async (db: Exec, merchantId: number): Promise<{ balance: number; currency: string } | null> => {
  const row = await db('billing_accounts').where({ merchant_id: merchantId }).first('balance', 'currency');
  return row ? { balance: num(row.balance), currency: String(row.currency) } : null;
};

export const cardsOf = async (db: Exec, merchantId: number) => {
  const account = await db('billing_accounts').where({ merchant_id: merchantId }).first('default_payment_method');
  return (await db('payment_methods').where({ merchant_id: merchantId }).whereNull('detached_at').orderBy('created_at').select('id', 'brand', 'last4', 'exp_month', 'exp_year')).map((row) => ({
    id: String(row.id),
    brand: String(row.brand),
    last4: String(row.last4),
    exp_month: num(row.exp_month),
    exp_year: num(row.exp_year),
    is_default: account?.default_payment_method === row.id,
  }));
};

export const openInvoicesOf = async (db: Exec, merchantId: number) =>
  (await db('invoices').where({ merchant_id: merchantId, status: 'open' }).orderBy('seq', 'desc').select('id', 'number', 'amount_due', 'amount_paid', 'currency', 'status')).map((row) => ({
    id: String(row.id),
    number: String(row.number),
    amount_due_minor: num(row.amount_due) - num(row.amount_paid),
    currency: String(row.currency),
    status: String(row.status),
  }));

export type InvoiceRef = { id: string; number: string; merchantId: number; status: string; amountDue: number; currency: string; appliedBalance: number };

export const findInvoiceRef = async (db: Exec, invoiceId: string): Promise<InvoiceRef | null> => {
  const row = await db('invoices').where({ id: invoiceId }).first('id', 'number', 'merchant_id', 'status', 'amount_due', 'currency', 'applied_balance');
  return row
    ? { id: String(row.id), number: String(row.number), merchantId: num(row.merchant_id), status: String(row.status), amountDue: num(row.amount_due), currency: String(row.currency), appliedBalance: num(row.applied_balance) }
    : null;
};

export const setInvoiceStatus = async (db: Exec, invoiceId: string, status: 'void' | 'uncollectible', now: number): Promise<void> => {
  await db('invoices').where({ id: invoiceId }).update(status === 'void' ? { status, voided_at: now } : { status });
};

export const liftLoginBan = async (db: Exec, email: string, now: Date): Promise<boolean> => {
  const changed = await db('one_time_codes').where({ purpose: 'login', subject: email }).whereNotNull('banned_until').update({ banned_until: null, attempts_left: 5, updated_at: now });
  return changed > 0;
};

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
  const [subs, invoices, payments, ledger, coupons, mails, audits] = await Promise.all([
    db('subscriptions as s').join('packages as p', 'p.id', 's.package_id').where('s.merchant_id', id).where('s.created_at', '<=', atMost).orderBy('s.created_at', 'desc').limit(limit * 2).select('s.id', 's.stripe_status', 's.created_at', 's.canceled_at', 's.trial_ends_at', 's.next_retry_at', 's.dunning_attempts', 'p.name as plan_name'),
    db('invoices').where({ merchant_id: id }).where('created_at', '<=', atMost).orderBy('created_at', 'desc').limit(limit).select('id', 'number', 'status', 'total', 'currency', 'created_at', 'paid_at', 'voided_at'),
    db('payments as pm').leftJoin('invoices as i', 'i.id', 'pm.invoice_id').where('pm.merchant_id', id).where('pm.created_at', '<=', atMost).orderBy('pm.created_at', 'desc').limit(limit).select('pm.id', 'pm.status', 'pm.amount', 'pm.currency', 'pm.failure_message', 'pm.failure_code', 'pm.created_at', 'i.number'),
    db('balance_transactions').where({ merchant_id: id }).where('created_at', '<=', atMost).orderBy('seq', 'desc').limit(limit).select('id', 'seq', 'description', 'amount', 'currency', 'created_at'),
    db('coupon_redemptions as r').join('promotion_codes as pc', 'pc.id', 'r.promotion_code_id').where('r.merchant_id', id).where('r.created_at', '<=', atMost).orderBy('r.created_at', 'desc').limit(limit).select('r.id', 'r.created_at', 'pc.code'),
    db('outbox').whereIn('to_address', emails).where({ channel: 'email' }).orderBy('id', 'desc').limit(limit * 2).select('id', 'subject', 'kind', 'created_at'),
    db('audit_log as a').join('users as u', 'u.id', 'a.actor_user_id').where('a.merchant_id', id).where('a.created_at', '<=', atMost).orderBy('a.id', 'desc').limit(limit).select('a.id', 'a.action', 'a.reason', 'a.outcome', 'a.created_at', 'a.actor_user_id', 'u.email'),
  ]);
  const events: TimelineRow[] = [];
  for (const s of subs) {
    const plan = String(s.plan_name);
    events.push({ id: `sub_${s.id}_created`, at: num(s.created_at), kind: 'subscription', key: s.stripe_status === 'trialing' ? 'timeline.subscription.changeScheduled' : 'timeline.subscription.created', params: { plan }, ref: { type: 'subscription', id: String(s.id) } });
    if (s.canceled_at !== null && s.canceled_at !== undefined) events.push({ id: `sub_${s.id}_canceled`, at: num(s.canceled_at), kind: 'subscription', key: 'timeline.subscription.canceled', params: { plan }, ref: { type: 'subscription', id: String(s.id) } });
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
    const key = status === 'failed' ? 'timeline.payment.failed' : status === 'succeeded' ? 'timeline.payment.succeeded' : 'timeline.payment.pending';
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
  for (const a of audits) {
    events.push({
      id: `audit_${String(a.id).padStart(12, '0')}`,
      at: num(a.created_at),
      kind: 'staff_action',
      key: a.outcome === 'refused' ? 'timeline.staff.refused' : staffActionKey(String(a.action)),
      params: { action: String(a.action) },
      actor: { id: num(a.actor_user_id), email: String(a.email) },
      ...(a.reason ? { reason: String(a.reason) } : {}),
      ref: { type: 'audit', id: String(a.id) },
    });
  }
  return before(events, (e) => ({ at: e.at, id: e.id }))
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit + 1);
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
};

export const staffActionKey = (action: string): string => STAFF_ACTION_KEYS[action] ?? 'timeline.staff.billing';

// ------------------------------------------------------------------------------------------- credit adjustments

export type AdjustmentRecord = {
  id: string;
  merchantId: number;
  requestedBy: number;
  direction: 'credit' | 'debit';
  amount: number;
  currency: string;
  description: string;
  reason: string;
  status: 'applied' | 'pending_approval' | 'rejected' | 'reversed';
  ledgerEntryId: string | null;
  reversesId: string | null;
  reversedById: string | null;
  createdAt: number;
};

const toAdjustment = (row: Record<string, unknown>): AdjustmentRecord => ({
  id: String(row.id),
  merchantId: num(row.merchant_id),
  requestedBy: num(row.requested_by),
  direction: String(row.direction) as 'credit' | 'debit',
  amount: num(row.amount),
  currency: String(row.currency),
  description: String(row.description),
  reason: String(row.reason),
  status: String(row.status) as AdjustmentRecord['status'],
  ledgerEntryId: row.ledger_entry_id ? String(row.ledger_entry_id) : null,
  reversesId: row.reverses_id ? String(row.reverses_id) : null,
  reversedById: row.reversed_by_id ? String(row.reversed_by_id) : null,
  createdAt: num(row.created_at),
});

export const insertAdjustment = async (db: Exec, record: Omit<AdjustmentRecord, 'reversedById'>): Promise<void> => {
  await db('staff_credit_adjustments').insert({
    id: record.id,
    merchant_id: record.merchantId,
    requested_by: record.requestedBy,
    direction: record.direction,
    amount: record.amount,
    currency: record.currency,
    description: record.description,
    reason: record.reason,
    status: record.status,
    ledger_entry_id: record.ledgerEntryId,
    reverses_id: record.reversesId,
    created_at: record.createdAt,
  });
};

export const findAdjustment = async (db: Exec, id: string): Promise<AdjustmentRecord | null> => {
  const row = await db('staff_credit_adjustments').where({ id }).first();
  return row ? toAdjustment(row) : null;
};

export const updateAdjustment = async (
  db: Exec,
  id: string,
  changes: { status?: AdjustmentRecord['status']; ledgerEntryId?: string | null; reversedById?: string; decidedBy?: number; decidedAt?: number },
): Promise<void> => {
  await db('staff_credit_adjustments')
    .where({ id })
    .update({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.ledgerEntryId !== undefined ? { ledger_entry_id: changes.ledgerEntryId } : {}),
      ...(changes.reversedById ? { reversed_by_id: changes.reversedById } : {}),
      ...(changes.decidedBy ? { decided_by: changes.decidedBy, decided_at: changes.decidedAt } : {}),
    });
};

export const listApprovals = async (db: Exec, status: 'pending' | 'approved' | 'rejected') => {
  const stored = status === 'pending' ? ['pending_approval'] : status === 'rejected' ? ['rejected'] : ['applied', 'reversed'];
  const query = db('staff_credit_adjustments as a')
    .join('merchants as m', 'm.id', 'a.merchant_id')
    .join('users as u', 'u.id', 'a.requested_by')
    .whereIn('a.status', stored)
    .orderBy('a.created_at', 'desc')
    .limit(200)
    .select('a.*', 'm.owner_user_id', 'm.name as merchant_name', 'u.email as requester_email');
  if (status === 'approved') query.whereNotNull('a.decided_by');
  return (await query).map((row) => ({
    id: String(row.id),
    merchant: { user_id: num(row.owner_user_id), name: String(row.merchant_name) },
    requested_by: { id: num(row.requested_by), email: String(row.requester_email) },
    amount_minor: num(row.amount),
    currency: String(row.currency),
    direction: String(row.direction) as 'credit' | 'debit',
    description: String(row.description),
    reason: String(row.reason),
    created_at: num(row.created_at),
  }));
};

/** The newest ledger entry of a merchant: a preview is stale once another entry lands after it. */
export const lastLedgerSeq = async (db: Exec, merchantId: number): Promise<number> => {
  const row = await db('balance_transactions').where({ merchant_id: merchantId }).max({ seq: 'seq' }).first();
  return num(row?.seq ?? 0);
};

export const ledgerEntryIdAfter = async (db: Exec, merchantId: number): Promise<string | null> => {
  const row = await db('balance_transactions').where({ merchant_id: merchantId }).orderBy('seq', 'desc').first('id');
  return row ? String(row.id) : null;
};

// ------------------------------------------------------------------------------------------------ idempotency

export type StoredResponse = { requestHash: string; status: number; body: unknown };

export const findIdempotent = async (db: Exec, staffUserId: number, key: string): Promise<StoredResponse | null> => {
  const row = await db('staff_idempotency_keys').where({ staff_user_id: staffUserId, key }).first();
  return row ? { requestHash: String(row.request_hash), status: num(row.status), body: JSON.parse(String(row.response)) as unknown } : null;
};

/** Claims a key before the write runs; false when this staff member already used it. */
export const claimIdempotencyKey = async (db: Exec, staffUserId: number, key: string, requestHash: string, now: number): Promise<boolean> => {
  const inserted = await db('staff_idempotency_keys').insert({ staff_user_id: staffUserId, key, request_hash: requestHash, status: 0, response: 'null', created_at: now }).onConflict(['staff_user_id', 'key']).ignore().returning('key');
  return Array.isArray(inserted) && inserted.length > 0;
};

export const storeIdempotentAnswer = async (db: Exec, staffUserId: number, key: string, answer: { status: number; body: unknown }): Promise<void> => {
  await db('staff_idempotency_keys').where({ staff_user_id: staffUserId, key }).update({ status: answer.status, response: JSON.stringify(answer.body) });
};

export const releaseIdempotencyKey = async (db: Exec, staffUserId: number, key: string): Promise<void> => {
  await db('staff_idempotency_keys').where({ staff_user_id: staffUserId, key }).delete();
};

/** A billing account's balance and currency, read inside the caller's transaction. */
export const billingAccountState = async (db: Exec, merchantId: number): Promise<{ merchantId: number; balance: number; currency: string; email: string | null } | null> => {
  const row = await db('billing_accounts').where({ merchant_id: merchantId }).first('balance', 'currency', 'email');
  return row ? { merchantId, balance: num(row.balance), currency: String(row.currency), email: row.email ? String(row.email) : null } : null;
};

/** The legacy store chooser (GET /api/merchants): stores with their owner, searched by name or e-mail. */
export const searchStores = async (db: Exec, search: string | undefined) => {
  const query = db('stores')
    .join('merchants', 'merchants.id', 'stores.merchant_id')
    .join('users', 'users.id', 'merchants.owner_user_id')
    .select('stores.id', 'stores.name', 'stores.email', 'merchants.owner_user_id', 'merchants.name as merchant_name', 'users.email as owner_email')
    .orderBy('stores.id')
    .limit(200);
  if (search) {
    const like = containsPattern(search);
    query.where((q) =>
      q.whereRaw(`lower(stores.name) like ? escape '\\'`, [like]).orWhereRaw(`lower(stores.email) like ? escape '\\'`, [like]).orWhereRaw(`lower(users.email) like ? escape '\\'`, [like]).orWhereRaw(`lower(merchants.name) like ? escape '\\'`, [like]),
    );
  }
  return (await query).map((row) => ({
    id: num(row.id),
    inventory_stores: { name: String(row.name), email: String(row.email) },
    users: { auth_server_user_id: num(row.owner_user_id) },
    merchant_name: String(row.merchant_name),
    owner_email: String(row.owner_email),
  }));
};
