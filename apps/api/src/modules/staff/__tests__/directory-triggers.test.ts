import type { Knex } from 'knex';
import { refreshSql } from '../../../db/migrations/401-staff-directory';
import { createTestContext, FIXED_NOW, testDatabases, type TestContext } from '../../../test-support/test-app';

const NOW = Date.parse(FIXED_NOW) / 1000;
const DAY = 86_400;
const COLUMNS = ['id', 'search_text', 'dir_state', 'dir_plan', 'dir_period', 'dir_market', 'dir_next_billing', 'dir_ends_at', 'dir_failed_at'];

/**
 * The directory columns are kept by triggers on what they summarize (401, 910: statement-level on PostgreSQL,
 * payments only when a failed one is involved). Whatever is written, and however many rows one statement
 * writes, they must read what a full recompute of every merchant gives.
 */
describe.each(testDatabases)('staff directory triggers (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => ctx.close());

  const snapshot = async (db: Knex | Knex.Transaction) => (await db('merchants').select(COLUMNS).orderBy('id')).map((row) => COLUMNS.map((c) => (row[c] === null ? null : String(row[c]))));
  /** The stored columns, and what recomputing every merchant would store (rolled back). */
  const expectCurrent = async () => {
    const stored = await snapshot(ctx.db);
    let recomputed: unknown[] = [];
    await ctx.db
      .transaction(async (tx) => {
        await tx.raw(refreshSql(kind === 'postgres', '1 = 1'));
        recomputed = await snapshot(tx);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    expect(stored).toEqual(recomputed);
  };
  const merchantsWithPlans = async (): Promise<{ merchantId: number; subscriptionId: number }[]> =>
    (await ctx.db('subscriptions').where({ name: 'default' }).whereIn('stripe_status', ['active', 'past_due']).orderBy('merchant_id').select('merchant_id', 'id')).map((row) => ({
      merchantId: Number(row.merchant_id),
      subscriptionId: Number(row.id),
    }));
  const payment = (merchantId: number, id: string, status: string, createdAt: number) => ({
    id,
    merchant_id: merchantId,
    method_type: 'card',
    amount: 1000,
    currency: 'MYR',
    status,
    idempotency_key: `key_${id}`,
    created_at: createdAt,
  });

  it('follows payments: a failed one sets the last failure, a paid one changes nothing, a status moved off failed recomputes it', async () => {
    const [a, b] = await merchantsWithPlans();
    await expectCurrent();
    // Later than any failure the demo data holds, so it is the last one while it stays failed.
    await ctx.db('payments').insert([payment(a.merchantId, 'py_ok', 'succeeded', NOW), payment(b.merchantId, 'py_failed', 'failed', NOW + DAY)]);
    const failedAt = async (id: number) => (await ctx.db('merchants').where({ id }).first('dir_failed_at')).dir_failed_at;
    expect(Number(await failedAt(b.merchantId))).toBe(NOW + DAY);
    await expectCurrent();
    await ctx.db('payments').where({ id: 'py_failed' }).update({ status: 'succeeded' });
    expect(Number(await failedAt(b.merchantId))).not.toBe(NOW + DAY);
    await expectCurrent();
    await ctx.db('payments').where({ id: 'py_ok' }).update({ status: 'failed' });
    expect(Number(await failedAt(a.merchantId))).toBe(NOW);
    await expectCurrent();
  });

  it('follows subscriptions written many rows per statement: periods moved, plans ended, rows moved between merchants or deleted', async () => {
    const plans = await merchantsWithPlans();
    expect(plans.length).toBeGreaterThanOrEqual(3);
    const ids = plans.map((p) => p.subscriptionId);
    // A renewal batch's kind of write: every period moved on in one statement.
    await ctx.db('subscriptions').whereIn('id', ids).update({ current_period_end: NOW + 40 * DAY, updated_at: NOW });
    await expectCurrent();
    // A write of columns the directory does not read.
    await ctx.db('subscriptions').whereIn('id', ids).update({ dunning_attempts: 1, updated_at: NOW + 1 });
    await expectCurrent();
    await ctx.db('subscriptions').whereIn('id', ids.slice(0, 2)).update({ ends_at: NOW + 3 * DAY });
    await expectCurrent();
    await ctx.db('subscriptions').where({ id: ids[0] }).update({ stripe_status: 'past_due' });
    await expectCurrent();
    // A plan moved to another merchant: both merchants' rows change.
    await ctx.db('subscriptions').where({ id: ids[1] }).update({ merchant_id: plans[2].merchantId, name: 'default' });
    await expectCurrent();
    await ctx.db('subscriptions').whereIn('id', ids.slice(1)).del();
    await expectCurrent();
  });
});
