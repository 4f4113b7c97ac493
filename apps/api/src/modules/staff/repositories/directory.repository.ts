import { monthlyRevenue } from '@merchant-hub/money';
import type { AttentionReason, MerchantDirectoryQuery, MerchantRow, MerchantState } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { ATTENTION_CANDIDATE_SQL } from '../../../db/migrations/811-staff-directory-view-indexes';
import { tagsOfMany } from './notes.repository';
import { type Exec, DAY, containsPattern, num, numOrNull } from './shared';

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

type SortSpec = { column: string; desc: boolean };
const sortSpecOf = (sort: MerchantDirectoryQuery['sort']): SortSpec => {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  return { column: key === 'name' ? 'm.name' : key === 'created' ? 'm.created_at' : 'm.dir_next_billing', desc };
};


export type DirectoryCursor = { v: string | number; id: number };

/**
 * The attention view: past due, a failed payment in the last 7 days, or a grace period ending within 7 days.
 * The candidates' term (implied by the conditions, so it changes no result) lets SQLite read the partial index
 * of migration 811 (merchants that can need attention, in name order, with the columns these conditions read).
 */
const whereAttention = (q: Knex.QueryBuilder, now: number) =>
  q
    .whereRaw(ATTENTION_CANDIDATE_SQL)
    .where((w) => w.where('m.dir_state', 'past_due').orWhere('m.dir_failed_at', '>=', now - 7 * DAY).orWhere((g) => g.where('m.dir_state', 'grace').whereBetween('m.dir_ends_at', [now, now + 7 * DAY])));

/** Above this many matches a search is dense enough that scanning in sort order finds a page sooner. */
const SPARSE_MATCHES = 2000;

/** A 1–2 letter search whose letters start more trigrams than this is dense: the ordered scan serves it. */
const MAX_SHORT_TERMS = 200;
/** How many merchants, in the page's order, a search first looks through for a page of matches. */
const DENSE_PROBE = 2000;

const quoted = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/**
 * The merchants whose search text contains `text`, from SQLite's trigram index (migrations 402 and 812), when
 * they are few; null when the index cannot answer (PostgreSQL, whose trigram index serves the `like` itself) or
 * when so many match that the ordered scan is the faster plan. 3+ characters are a phrase of trigrams; 1–2 are
 * every trigram that starts with them (each occurrence starts one: the index adds two separators at the end of
 * each text), read from the index's vocabulary, OR-ed.
 */
const textIndexMatches = async (db: Exec, text: string): Promise<number[] | null> => {
  const needle = text.toLowerCase();
  if (db.client.config.client === 'pg') return null;
  let match = quoted(needle);
  if ([...needle].length < 3) {
    const terms = await db.raw<{ term: string; doc: number }[]>('select term, doc from merchants_search_vocab where term >= ? and term <= ? limit ?', [needle, `${needle}\u{10FFFF}`, MAX_SHORT_TERMS + 1]);
    if (terms.length > MAX_SHORT_TERMS || terms.reduce((sum, term) => sum + num(term.doc), 0) > SPARSE_MATCHES) return null;
    if (terms.length === 0) return [];
    match = terms.map((term) => quoted(String(term.term))).join(' OR ');
  }
  const rows = await db.raw<{ rowid: number }[]>('select rowid from merchants_search where merchants_search match ? limit ?', [match, SPARSE_MATCHES + 1]);
  return rows.length > SPARSE_MATCHES ? null : rows.map((row) => num(row.rowid));
};

/**
 * The merchants carrying `tag`, from the range of `merchant_tags (tag, merchant_id)` (migration 1000), when they are
 * few; null when more than `SPARSE_MATCHES` carry it, where the scan in the page's order finds a page sooner than
 * sorting them all (20 % of 100,000 merchants: 290 ms against a few).
 */
const sparseTagMerchants = async (db: Exec, tag: string): Promise<number[] | null> => {
  const rows = await db('merchant_tags').where('tag', tag).limit(SPARSE_MATCHES + 1).select('merchant_id');
  return rows.length > SPARSE_MATCHES ? null : rows.map((row) => num(row.merchant_id));
};

/**
 * One directory page in two steps: the page's merchant ids from the merchants table alone (its `dir_*` and
 * `search_text` columns are kept current by triggers, migration 401), then the rows' details for those ids.
 */
export const searchDirectory = async (
  db: Exec,
  filter: MerchantDirectoryQuery,
  cursor: DirectoryCursor | null,
  now: number,
  options: { textIndex?: boolean } = {},
): Promise<{ rows: MerchantRow[]; sortValues: (string | number)[] }> => {
  const sort = sortSpecOf(filter.sort);
  const direction = sort.desc ? 'desc' : 'asc';
  const tagged = filter.tag ? await sparseTagMerchants(db, filter.tag) : null;
  /** The merchants the filters and the cursor leave, in the page's order. */
  const scoped = (...columns: string[]) => {
    const query = db('merchants as m').select('m.id', `${sort.column} as sort_value`, ...columns);
    if (filter.market) query.where('m.dir_market', filter.market);
    if (filter.plan) query.where('m.dir_plan', filter.plan);
    if (filter.period) query.where('m.dir_period', filter.period);
    if (filter.state) query.where('m.dir_state', filter.state);
    if (filter.view === 'attention') whereAttention(query, now);
    if (filter.tag) {
      if (tagged) query.whereIn('m.id', tagged);
      // A common tag: the ordered scan checks each merchant's (merchant_id, tag) key and stops at a page. A scalar
      // subquery, so that SQLite does not turn it into reading every tagged merchant and sorting them.
      else query.whereRaw('(select 1 from merchant_tags t where t.merchant_id = m.id and t.tag = ?) is not null', [filter.tag]);
    }
    if (cursor) {
      const op = sort.desc ? '<' : '>';
      query.where((w) => w.where(sort.column, op, cursor.v).orWhere((e) => e.where(sort.column, cursor.v).where('m.id', op, cursor.id)));
    }
    return query.orderBy([{ column: sort.column, order: direction }, { column: 'm.id', order: direction }]);
  };
  const text = filter.q;
  const pattern = text ? containsPattern(text) : '';
  const useIndex = options.textIndex !== false && db.client.config.client !== 'pg';
  let page: { id: unknown; sort_value: unknown }[] | null = null;
  if (text && useIndex) {
    // Letters most merchants contain ('o', 'owne'): the first merchants in order already hold a page, the same
    // page as the whole ordered scan (a page found in a prefix of the order is the first page), and cheaper
    // than reading 2,000 matches from the trigram index to learn that the text is dense.
    const head = scoped('m.search_text').limit(DENSE_PROBE);
    const probe = await db
      .from(head.as('h'))
      .select('h.id', 'h.sort_value')
      .whereRaw(`h.search_text like ? escape '\\'`, [pattern])
      .orderBy([{ column: 'h.sort_value', order: direction }, { column: 'h.id', order: direction }])
      .limit(filter.limit + 1);
    if (probe.length > filter.limit) page = probe;
  }
  if (!page) {
    const query = scoped().limit(filter.limit + 1);
    if (text) {
      const ids = useIndex ? await textIndexMatches(db, text) : null;
      if (ids) query.whereIn('m.id', ids);
      else query.whereRaw(`m.search_text like ? escape '\\'`, [pattern]);
    }
    page = await query;
  }
  const ids = page.map((row) => num(row.id));
  if (ids.length === 0) return { rows: [], sortValues: [] };
  const details = await directoryBase(db).whereIn('m.id', ids).select(...rowColumns(db, now));
  const byId = new Map(details.map((row) => [num(row.merchant_id), row as Record<string, unknown>]));
  const [stores, tags] = await Promise.all([storeNamesOf(db, ids), tagsOfMany(db, ids)]);
  return {
    rows: ids.map((id) => toMerchantRow(byId.get(id) as Record<string, unknown>, stores.get(id) ?? [], tags.get(id) ?? [], now)),
    sortValues: page.map((row) => (row.sort_value instanceof Date ? row.sort_value.toISOString() : (row.sort_value as string | number))),
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
export const monthlyRevenueOf = (price: number, discountPercent: number, period: string): number =>
  monthlyRevenue(price, discountPercent, period === 'yearly' ? 'yearly' : 'monthly');

const toMerchantRow = (row: Record<string, unknown>, stores: string[], tags: string[], now: number): MerchantRow => {
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
    // MRR is what the live plan is worth per month for as long as it exists, as subscription businesses count
    // it: a past_due plan still counts (it is being collected, not lost: it leaves MRR when dunning ends it) and
    // so does a plan ending at its period end (it leaves when it ends). Only a merchant with no plan has none.
    mrr_minor: hasPlan ? monthlyRevenueOf(num(row.price), Number(row.discount ?? 0), String(row.billing_period)) : 0,
    next_billing_at: numOrNull(row.next_billing_at),
    attention,
    tags,
  };
};

export const merchantRowOf = async (db: Exec, merchantId: number, now: number): Promise<MerchantRow | null> => {
  const row = await directoryBase(db).where('m.id', merchantId).first(...rowColumns(db, now));
  if (!row) return null;
  const [stores, tags] = await Promise.all([storeNamesOf(db, [merchantId]), tagsOfMany(db, [merchantId])]);
  return toMerchantRow(row as Record<string, unknown>, stores.get(merchantId) ?? [], tags.get(merchantId) ?? [], now);
};

/**
 * The attention view's counts in one statement of index range counts (migration 811), no row read. The total
 * adds three disjoint parts: past due; a failed payment in 7 days and not past due; a grace period ending in 7
 * days (never past due) and no failed payment in 7 days.
 */
export const countAttention = async (db: Exec, now: number): Promise<{ past_due: number; failed_payments_7d: number; grace_ending_7d: number; total: number }> => {
  const since = now - 7 * DAY;
  const end = now + 7 * DAY;
  const graceEnding = `dir_state = 'grace' and dir_ends_at between ? and ?`;
  const result = await db.raw(
    `select
      (select count(*) from merchants where dir_state = 'past_due') as past_due,
      (select count(*) from merchants where dir_failed_at >= ?) as failed,
      (select count(*) from merchants where ${graceEnding}) as grace,
      (select count(*) from merchants where dir_failed_at >= ? and dir_state <> 'past_due') as failed_only,
      (select count(*) from merchants where ${graceEnding} and (dir_failed_at is null or dir_failed_at < ?)) as grace_only`,
    [since, now, end, since, now, end, since],
  );
  const row = ((db.client.config.client === 'pg' ? result.rows : result) as Record<string, unknown>[])[0] ?? {};
  const pastDue = num(row.past_due ?? 0);
  return { past_due: pastDue, failed_payments_7d: num(row.failed ?? 0), grace_ending_7d: num(row.grace ?? 0), total: pastDue + num(row.failed_only ?? 0) + num(row.grace_only ?? 0) };
};

