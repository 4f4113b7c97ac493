import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const TH = 'merchant-th@demo.test';
const reason = 'Check the scheduled downgrade';

/** Makes the database refuse one kind of insert, as a failing write inside the change would. */
const refuseInserts = async (ctx: TestContext, kind: string, table: string, when: string): Promise<void> => {
  if (kind === 'sqlite') {
    await ctx.db.raw(`CREATE TRIGGER test_refuse_${table} BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'refused by test'); END`);
    return;
  }
  await ctx.db.raw(`CREATE FUNCTION test_refuse_${table}() RETURNS trigger AS $$ BEGIN IF ${when} THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
  await ctx.db.raw(`CREATE TRIGGER test_refuse_${table} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION test_refuse_${table}()`);
};

describe.each(testDatabases)('staff test-clock advance and its audit entry share one transaction (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let thUser: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    support = await tokenFor(ctx, 'support@demo.test');
    thUser = ctx.demo.get(TH)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const clockNow = async () => (await request(ctx.app).get(`/api/staff/merchants/${thUser}/clock`).set(bearer(support))).body.now as number;
  const entries = () => ctx.db('audit_log').where({ action: 'clock.advance' }).select('outcome');

  it('leaves the clock where it was when its audit entry cannot be written', async () => {
    const before = await clockNow();
    await refuseInserts(ctx, kind, 'audit_log', "NEW.action = 'clock.advance'");
    const res = await request(ctx.app).post(`/api/staff/merchants/${thUser}/clock/advance`).set(bearer(support)).send({ by: { days: 3 }, reason });
    expect(res.status).toBe(500);
    expect(await clockNow()).toBe(before);
    expect(await entries()).toEqual([]);
  });

  it('leaves no entry and no clock change when the clock change fails', async () => {
    const before = await clockNow();
    // The merchant has no clock row yet: the change's first write (creating it) is refused.
    await refuseInserts(ctx, kind, 'sandbox_clocks', 'NEW.offset_seconds = 0');
    const res = await request(ctx.app).post(`/api/staff/merchants/${thUser}/clock/advance`).set(bearer(support)).send({ by: { days: 3 }, reason });
    expect(res.status).toBe(500);
    expect(await clockNow()).toBe(before);
    expect(await entries()).toEqual([]);
  });

  it('writes one succeeded entry with the clock it moved', async () => {
    const before = await clockNow();
    const res = await request(ctx.app).post(`/api/staff/merchants/${thUser}/clock/advance`).set(bearer(support)).send({ by: { days: 1 }, reason });
    expect(res.status).toBe(200);
    const [entry] = await ctx.db('audit_log').where({ action: 'clock.advance' }).select('outcome', 'reason');
    expect(entry).toEqual({ outcome: 'succeeded', reason });
    expect(await clockNow()).toBeGreaterThanOrEqual(before + 86_400);
  });
});
