import type { Knex } from 'knex';
import { createDb } from '../../../../db/knex';
import { createSandboxGateway } from '../../../../gateways/sandbox.gateway';
import { createEngine, renewalChargeKey } from '../..';
import { createTestContext, type TestContext, testDatabases } from '../../../../test-support/test-app';
import { runDueBilling } from '../billing-scheduler';

const NOW = Date.parse('2026-03-02T09:00:00Z') / 1000;
const AT = new Date(NOW * 1000);
const FIRST = 900_001;

/** `n` merchants (ids from FIRST), each on a monthly MY plan whose period ended a minute ago, with a 4242 card. */
const seedDue = async (db: Knex, n: number): Promise<number[]> => {
  const country = Number((await db('countries').where({ iso_code: 'MY' }).first('id')).id);
  const pkg = await db('packages').where({ stripe_id: 'price_my_growth_monthly' }).first('id', 'stripe_id');
  const ids = Array.from({ length: n }, (_, i) => FIRST + i);
  await db('users').insert(ids.map((id) => ({ id, name: `Due ${id}`, email: `due${id}@renewals.test`, password_hash: 'x', created_at: AT, updated_at: AT })));
  await db('merchants').insert(ids.map((id) => ({ id, owner_user_id: id, name: `Due ${id}`, country_id: country, currency_code: 'MYR', created_at: AT, updated_at: AT })));
  await db('sandbox_payment_methods').insert(ids.map((id) => ({ id: `pm_due_${id}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, behavior: 'succeed', customer: `cus_due_${id}`, created_at: NOW })));
  await db('payment_methods').insert(ids.map((id) => ({ id: `pm_due_${id}`, merchant_id: id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, created_at: NOW })));
  await db('billing_accounts').insert(ids.map((id) => ({ merchant_id: id, currency: 'MYR', default_payment_method: `pm_due_${id}`, gateway_customer_id: `cus_due_${id}`, created_at: NOW, updated_at: NOW })));
  await db('subscriptions').insert(
    ids.map((id) => ({
      merchant_id: id,
      name: 'default',
      stripe_status: 'active',
      stripe_plan: pkg.stripe_id,
      stripe_id: `sub_due_${id}`,
      package_id: pkg.id,
      current_period_start: NOW - 28 * 86_400 - 60,
      current_period_end: NOW - 60,
      billing_cycle_anchor: NOW - 28 * 86_400 - 60,
      created_at: NOW,
      updated_at: NOW,
    })),
  );
  return ids;
};

const engineOf = (ctx: TestContext, db: Knex = ctx.db, charge?: 'lose-answer') => {
  const gateway = createSandboxGateway({ db, clock: ctx.clock, publicUrl: 'http://localhost' });
  if (charge === 'lose-answer') {
    const take = gateway.charge;
    // The gateway takes the money, then the answer never arrives (a crash or a cut connection before we record it).
    gateway.charge = async (input, exec) => {
      await take(input, exec);
      throw new Error('connection reset before the answer');
    };
    // The same for a batch of charges asked at once.
    const takeMany = gateway.chargeMany;
    gateway.chargeMany = async (inputs, exec) => {
      await takeMany?.(inputs, exec);
      throw new Error('connection reset before the answer');
    };
  }
  return createEngine({ db, clock: ctx.clock, gateway, publicUrl: 'http://localhost' });
};

const countOf = async (query: Knex.QueryBuilder): Promise<number> => Number((await query.count({ c: '*' }).first())?.c);

describe.each(testDatabases)('renewals in batches (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind, { rateLimits: false });
  });
  afterEach(async () => ctx.close());

  it('names the subscription and the period in the first charge of a renewal', () => {
    expect(renewalChargeKey(42, 1_772_000_000)).toBe('renewal:42:1772000000');
    expect(renewalChargeKey(42, 1_772_000_000)).not.toBe(renewalChargeKey(42, 1_774_000_000));
  });

  it('records a charge whose answer was lost, on the next run, without charging again', async () => {
    const [merchant] = await seedDue(ctx.db, 1);
    // The answer never came: the run goes on and counts the charge as not yet recorded.
    expect((await runDueBilling(engineOf(ctx, ctx.db, 'lose-answer'))).errors).toBe(1);
    // The period moved on and is invoiced; the gateway took the money; nothing of ours says so yet.
    const invoice = await ctx.db('invoices').where({ merchant_id: merchant }).first();
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 0 });
    expect(await countOf(ctx.db('sandbox_intents').where({ kind: 'payment', customer: `cus_due_${merchant}` }))).toBe(1);
    expect(await countOf(ctx.db('payments').where({ merchant_id: merchant }))).toBe(0);

    const report = await runDueBilling(engineOf(ctx));
    expect(report.renewed).toBe(0);
    const intents = await ctx.db('sandbox_intents').where({ kind: 'payment', customer: `cus_due_${merchant}` });
    expect(intents).toHaveLength(1);
    const payments = await ctx.db('payments').where({ merchant_id: merchant });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: intents[0].id, status: 'succeeded', idempotency_key: renewalChargeKey(Number(invoice.subscription_id), Number(invoice.period_start)) });
    expect(await ctx.db('invoices').where({ id: invoice.id }).first()).toMatchObject({ status: 'paid', attempt_count: 1 });
  });

  it('renews each due subscription exactly once when two schedulers run at the same time', async () => {
    const ids = await seedDue(ctx.db, 30);
    // On PostgreSQL the second scheduler has its own connection pool, as a second API instance would.
    const second = ctx.databaseUrl ? createDb({ url: ctx.databaseUrl }) : ctx.db;
    const reports = await Promise.all([runDueBilling(engineOf(ctx)), runDueBilling(engineOf(ctx, second))]).finally(async () => {
      if (second !== ctx.db) await second.destroy();
    });
    expect(reports[0].renewed + reports[1].renewed).toBe(ids.length);
    expect(await countOf(ctx.db('invoices').whereIn('merchant_id', ids))).toBe(ids.length);
    expect(await countOf(ctx.db('sandbox_intents').where({ kind: 'payment' }).whereIn('customer', ids.map((id) => `cus_due_${id}`)))).toBe(ids.length);
    expect(await countOf(ctx.db('invoices').whereIn('merchant_id', ids).where({ status: 'paid' }))).toBe(ids.length);
  });

  it('renews a due list longer than a batch one batch at a time, each merchant once', async () => {
    const ids = await seedDue(ctx.db, 7);
    // A claim takes at most a batch from twice as many candidates; those it did not reach wait for the next one.
    let invoiceInserts = 0;
    const onQuery = (query: { sql: string }) => {
      if (/^insert into [`"]invoices[`"]/.test(query.sql)) invoiceInserts += 1;
    };
    ctx.db.on('query', onQuery);
    const report = await runDueBilling(engineOf(ctx), { batchSize: 2 }).finally(() => ctx.db.off('query', onQuery));
    expect(report).toMatchObject({ merchants: 7, renewed: 7, errors: 0 });
    expect(invoiceInserts).toBe(4);
    expect(await countOf(ctx.db('invoices').whereIn('merchant_id', ids).where({ status: 'paid' }))).toBe(ids.length);
  });

  it('skips, within the same claim, merchants another instance holds, and leaves them due', async () => {
    if (kind !== 'postgres') return; // SQLite has one writer: nothing is held while a claim runs
    const ids = await seedDue(ctx.db, 5);
    const held = ids[1];
    let release: () => void = () => undefined;
    let holding: () => void = () => undefined;
    const holdingNow = new Promise<void>((resolve) => (holding = resolve));
    const other = ctx.db.transaction(async (tx) => {
      await tx('billing_accounts').where({ merchant_id: held }).forUpdate();
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holdingNow;
    const report = await runDueBilling(engineOf(ctx), { batchSize: 2 }).finally(() => release());
    await other;
    expect(report).toMatchObject({ merchants: 4, renewed: 4, errors: 0 });
    expect(await countOf(ctx.db('invoices').where({ merchant_id: held }))).toBe(0);
    expect(await countOf(ctx.db('invoices').whereIn('merchant_id', ids).where({ status: 'paid' }))).toBe(4);
  });
});
