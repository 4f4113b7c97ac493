import type { Knex } from 'knex';
import type { SchedulerRunSummary } from '../../../../http/metrics';
import { createTestContext, type TestContext } from '../../../../test-support/test-app';
import { startBillingScheduler } from '../billing-scheduler';

const invoiceCounts = async (db: Knex): Promise<Map<number, number>> =>
  new Map(((await db('invoices').select('merchant_id').count({ n: '*' }).groupBy('merchant_id')) as { merchant_id: number; n: number }[]).map((row) => [Number(row.merchant_id), Number(row.n)]));

describe('stopping the billing scheduler (SIGTERM)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => ctx.close());

  // Renewals run in batches of merchants, each batch in one transaction: with batches of one, the batch under
  // way when the signal arrives is one merchant.
  it('lets the batch being settled commit, starts no other, and leaves the rest due for the next run', async () => {
    // Every demo subscription's period ends within 40 days: all of them fall due at once.
    ctx.clock.advance(40 * 86_400);
    const due = await ctx.db('subscriptions').whereIn('stripe_status', ['active', 'past_due']).distinct('merchant_id');
    expect(due.length).toBeGreaterThanOrEqual(2);
    const before = await invoiceCounts(ctx.db);

    const runs: SchedulerRunSummary[] = [];
    let stopping: Promise<void> | null = null;
    let scheduler: { stop: () => Promise<void> } | null = null;
    // The signal arrives while the first merchant's renewal is being written, inside its transaction.
    const onQuery = (query: { sql: string }) => {
      if (!stopping && scheduler && /insert into [`"]invoices[`"]/.test(query.sql)) stopping = scheduler.stop();
    };
    ctx.db.on('query', onQuery);
    scheduler = startBillingScheduler({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config }, { intervalMs: 60_000, batchSize: 1, observer: { runFinished: (summary) => runs.push(summary), runFailed: () => undefined } });
    while (!stopping && runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await stopping;
    ctx.db.off('query', onQuery);

    expect(stopping).not.toBeNull();
    expect(runs).toHaveLength(1);
    expect(runs[0].merchants).toBe(1);
    const after = await invoiceCounts(ctx.db);
    const changed = [...after].filter(([merchant, n]) => n !== (before.get(merchant) ?? 0));
    // One merchant, fully settled (its invoice committed); nobody else touched.
    expect(changed).toHaveLength(1);
    const [merchantId] = changed[0];
    const subs = await ctx.db('subscriptions').where({ merchant_id: merchantId }).whereIn('stripe_status', ['active']);
    for (const sub of subs) expect(Number(sub.current_period_end)).toBeGreaterThan(Math.floor(ctx.clock.now().getTime() / 1000));
    // The others are still due: the next run (this instance after a restart, or another) takes them.
    const restarted = startBillingScheduler({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: { ...ctx.config } }, { intervalMs: 60_000, observer: { runFinished: (summary) => runs.push(summary), runFailed: () => undefined } });
    while (runs.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await restarted.stop();
    expect(runs[1].merchants).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
