import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../db/knex';

const DAY = 86_400;

/**
 * What each merchant of a fleet has falling due once its test clock is moved forward: renewals (with a
 * credit balance to spend first), a dunning retry of an open invoice, a downgrade scheduled for the period
 * end, or renewals on a card that declines (dunning to the end).
 */
export type FleetKind = 'renewal' | 'retry' | 'downgrade' | 'declined';
const KINDS: FleetKind[] = ['renewal', 'retry', 'downgrade', 'declined'];

export type FleetOptions = { merchants: number; now: number; clockOffsetDays: number; kinds?: FleetKind[]; tag?: string };

/**
 * Inserts a fleet of MY merchants straight into the database (reference data must be there): monthly Growth
 * plans whose period ends 5 days after `now`, and a sandbox test clock `clockOffsetDays` ahead for each, so
 * that the running API's scheduler finds all of it due at once.
 */
export const seedFleet = async (db: Db, options: FleetOptions): Promise<{ merchantIds: number[] }> => {
  const { now } = options;
  const kinds = options.kinds ?? KINDS;
  const tag = options.tag ?? randomBytes(3).toString('hex');
  const country = Number((await db('countries').where({ iso_code: 'MY' }).first('id')).id);
  const growth = await db('packages').where({ stripe_id: 'price_my_growth_monthly' }).first('id', 'stripe_id', 'price');
  const starter = await db('packages').where({ stripe_id: 'price_my_starter_monthly' }).first('id', 'stripe_id');
  const at = new Date(now * 1000);
  const periodEnd = now + 5 * DAY;
  const periodStart = periodEnd - 31 * DAY;
  const merchantIds: number[] = [];
  for (let start = 0; start < options.merchants; start += 100) {
    const count = Math.min(100, options.merchants - start);
    await db.transaction(async (tx) => {
      const users = await tx('users')
        .insert(Array.from({ length: count }, (_, i) => ({ name: `Fleet ${start + i}`, email: `fleet-${tag}-${start + i}@fleet.test`, password_hash: 'x', created_at: at, updated_at: at })))
        .returning('id');
      const userIds = users.map((u) => Number(typeof u === 'object' ? (u as { id: number }).id : u));
      const merchants = await tx('merchants')
        .insert(userIds.map((userId, i) => ({ owner_user_id: userId, name: `Fleet ${start + i}`, country_id: country, currency_code: 'MYR', created_at: at, updated_at: at })))
        .returning('id');
      const ids = merchants.map((m) => Number(typeof m === 'object' ? (m as { id: number }).id : m));
      merchantIds.push(...ids);
      const kindOf = (i: number): FleetKind => kinds[(start + i) % kinds.length];
      const pm = (id: number) => `pm_fleet_${tag}_${id}`;
      const cus = (id: number) => `cus_fleet_${tag}_${id}`;
      await tx('sandbox_payment_methods').insert(
        ids.map((id, i) => ({ id: pm(id), brand: 'visa', last4: kindOf(i) === 'declined' ? '0002' : '4242', exp_month: 12, exp_year: 2035, behavior: kindOf(i) === 'declined' ? 'decline' : 'succeed', customer: cus(id), created_at: now })),
      );
      await tx('payment_methods').insert(ids.map((id, i) => ({ id: pm(id), merchant_id: id, brand: 'visa', last4: kindOf(i) === 'declined' ? '0002' : '4242', exp_month: 12, exp_year: 2035, created_at: now })));
      await tx('billing_accounts').insert(
        ids.map((id, i) => ({ merchant_id: id, currency: 'MYR', default_payment_method: pm(id), gateway_customer_id: cus(id), balance: kindOf(i) === 'renewal' ? -2500 : 0, created_at: now, updated_at: now })),
      );
      const credits = ids.filter((_, i) => kindOf(i) === 'renewal');
      if (credits.length > 0) {
        await tx('balance_transactions').insert(
          credits.map((id) => ({ id: `cbtxn_fleet_${tag}_${id}`, merchant_id: id, type: 'adjustment', description: 'Fleet credit', amount: -2500, currency: 'MYR', ending_balance: -2500, created_at: now })),
        );
      }
      await tx('sandbox_clocks').insert(ids.map((id) => ({ merchant_id: id, offset_seconds: options.clockOffsetDays * DAY })));
      const subscriptions = ids.map((id, i) => ({
        merchant_id: id,
        name: 'default',
        stripe_status: kindOf(i) === 'retry' ? 'past_due' : 'active',
        stripe_plan: growth.stripe_id,
        stripe_id: `sub_fleet_${tag}_${id}`,
        package_id: growth.id,
        current_period_start: periodStart,
        current_period_end: periodEnd,
        billing_cycle_anchor: periodStart,
        next_retry_at: kindOf(i) === 'retry' ? now + DAY : null,
        created_at: now,
        updated_at: now,
      }));
      const subIds = (await tx('subscriptions').insert(subscriptions).returning('id')).map((s) => Number(typeof s === 'object' ? (s as { id: number }).id : s));
      const pending = ids.flatMap((id, i) =>
        kindOf(i) === 'downgrade'
          ? [{ merchant_id: id, name: 'default', stripe_status: 'trialing', stripe_plan: starter.stripe_id, stripe_id: `sub_fleet_${tag}_${id}_next`, package_id: starter.id, trial_ends_at: periodEnd, created_at: now, updated_at: now }]
          : [],
      );
      if (pending.length > 0) await tx('subscriptions').insert(pending);
      const open = ids.flatMap((id, i) =>
        kindOf(i) === 'retry'
          ? [
              {
                id: `in_fleet_${tag}_${id}`,
                number: `FLEET-${tag}-${id}`,
                merchant_id: id,
                subscription_id: subIds[i],
                status: 'open',
                currency: 'MYR',
                subtotal: Number(growth.price),
                total: Number(growth.price),
                amount_due: Number(growth.price),
                collection_method: 'charge_automatically',
                billing_reason: 'subscription_cycle',
                period_start: periodStart,
                period_end: periodEnd,
                attempt_count: 1,
                created_at: periodStart,
                finalized_at: periodStart,
              },
            ]
          : [],
      );
      if (open.length > 0) await tx('invoices').insert(open);
    });
  }
  return { merchantIds };
};

export type FleetCounts = { merchants: number; invoices: number; paidInvoices: number; charges: number; gatewayRecords: number };

/** What the fleet's books say (payments are the app's charges; gateway records come from the provider's ledger). */
export const fleetCounts = async (db: Db, merchantIds: number[], gatewayRecords: number): Promise<FleetCounts> => {
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await db(table).whereIn('merchant_id', merchantIds).where(where).count({ n: '*' }).first())?.n ?? 0);
  return {
    merchants: merchantIds.length,
    invoices: await count('invoices'),
    paidInvoices: Number((await db('invoices').whereIn('merchant_id', merchantIds).where({ status: 'paid' }).where('amount_due', '>', 0).count({ n: '*' }).first())?.n ?? 0),
    charges: await count('payments', { status: 'succeeded' }),
    gatewayRecords,
  };
};

/**
 * The books of a settled fleet: every period invoiced once, every invoice charged at most once and every
 * charge the provider took recorded against a paid invoice, credit balances equal to their ledgers, and
 * nothing left due (no subscription stuck).
 */
export const expectFleetConsistent = async (
  db: Db,
  merchantIds: number[],
  providerCharges: { id: string; status: string; idempotency_key: string }[],
  wall = Math.floor(Date.now() / 1000),
): Promise<void> => {
  const invoices = await db('invoices').whereIn('merchant_id', merchantIds).whereNot({ status: 'void' }).select('id', 'subscription_id', 'period_start', 'status', 'billing_reason', 'amount_due');
  const periods = new Map<string, number>();
  for (const invoice of invoices.filter((i) => i.billing_reason === 'subscription_cycle')) {
    const key = `${invoice.subscription_id}:${invoice.period_start}`;
    periods.set(key, (periods.get(key) ?? 0) + 1);
  }
  expect([...periods.entries()].filter(([, n]) => n !== 1)).toEqual([]);

  const payments = await db('payments').whereIn('merchant_id', merchantIds).where({ status: 'succeeded' }).select('id', 'invoice_id');
  const perInvoice = new Map<string, number>();
  for (const p of payments) perInvoice.set(String(p.invoice_id), (perInvoice.get(String(p.invoice_id)) ?? 0) + 1);
  expect([...perInvoice.entries()].filter(([, n]) => n > 1)).toEqual([]);
  const taken = providerCharges.filter((c) => c.status === 'succeeded');
  const paidByCard = invoices.filter((i) => i.status === 'paid' && Number(i.amount_due) > 0);
  // Gateway records = paid invoices, and each charge the provider took is one the books know.
  expect(taken.length).toBe(paidByCard.length);
  const known = new Set(payments.map((p) => String(p.id)));
  expect(taken.filter((c) => !known.has(c.id)).map((c) => c.idempotency_key)).toEqual([]);

  const accounts = await db('billing_accounts').whereIn('merchant_id', merchantIds).select('merchant_id', 'balance');
  const sums = await db('balance_transactions').whereIn('merchant_id', merchantIds).groupBy('merchant_id').select('merchant_id').sum({ total: 'amount' });
  const ledger = new Map((sums as { merchant_id: number; total: number }[]).map((s) => [Number(s.merchant_id), Number(s.total)]));
  expect(accounts.filter((a) => Number(a.balance) !== (ledger.get(Number(a.merchant_id)) ?? 0))).toEqual([]);

  expect(await stuckSubscriptions(db, merchantIds, wall)).toEqual([]);
};

/** Subscriptions with something still due at `wall` (plus each merchant's test clock): what the scheduler has yet to do. */
export const stuckSubscriptions = async (db: Db, merchantIds: number[], wall = Math.floor(Date.now() / 1000)): Promise<string[]> => {
  const clocks = new Map((await db('sandbox_clocks').whereIn('merchant_id', merchantIds).select('merchant_id', 'offset_seconds')).map((c) => [Number(c.merchant_id), Number(c.offset_seconds)]));
  const subs = await db('subscriptions').whereIn('merchant_id', merchantIds).whereIn('stripe_status', ['active', 'past_due', 'trialing']);
  return subs
    .filter((s) => {
      const now = wall + (clocks.get(Number(s.merchant_id)) ?? 0);
      if (s.stripe_status === 'active') return Number(s.current_period_end) <= now || (s.ends_at !== null && Number(s.ends_at) <= now);
      if (s.stripe_status === 'past_due') return s.next_retry_at === null || Number(s.next_retry_at) <= now;
      return s.trial_ends_at !== null && Number(s.trial_ends_at) <= now;
    })
    .map((s) => `${s.merchant_id}:${s.name}:${s.stripe_status}`);
};

/** A PostgreSQL schema of its own for a test run, and the DATABASE_URL a child process reaches it with. */
export const pgSchema = async (url: string): Promise<{ databaseUrl: string; db: Db; drop: () => Promise<void> }> => {
  const schema = `mh_ops_${randomBytes(6).toString('hex')}`;
  const admin = createDb({ url });
  await admin.raw(`create schema "${schema}"`);
  const db = createDb({ url, searchPath: schema });
  const separator = url.includes('?') ? '&' : '?';
  return {
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    db,
    drop: async () => {
      await db.destroy();
      await admin.raw(`drop schema if exists "${schema}" cascade`);
      await admin.destroy();
    },
  };
};
