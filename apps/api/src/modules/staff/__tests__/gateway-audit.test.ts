import request from 'supertest';
import type { Knex } from 'knex';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, staffAndMerchant } from '../../../test-support/billing-helpers';

/** What the audit log held, as seen from the gateway at the moment it was called. */
const gatewayCalls: { method: string; entries: { action: string; outcome: string; reason: string | null }[] }[] = [];

// The sandbox gateway, wrapped: each card call first reads the audit log through the executor it was given
// (the merchant's transaction), so the test sees what was committed before the provider was reached.
jest.mock('../../../gateways/sandbox.gateway', () => {
  const actual = jest.requireActual('../../../gateways/sandbox.gateway');
  return {
    ...actual,
    createSandboxGateway: (deps: { db: Knex }) => {
      const gateway = actual.createSandboxGateway(deps);
      const watched = (method: 'createSetupIntent' | 'attachPaymentMethod' | 'detachPaymentMethod') => async (input: unknown, exec?: Knex) => {
        const entries = await (exec ?? deps.db)('audit_log').where('action', 'like', 'billing.%').orderBy('id').select('action', 'outcome', 'reason');
        gatewayCalls.push({ method, entries });
        return gateway[method](input, exec);
      };
      return { ...gateway, createSetupIntent: watched('createSetupIntent'), attachPaymentMethod: watched('attachPaymentMethod'), detachPaymentMethod: watched('detachPaymentMethod') };
    },
  };
});

const MY = 'merchant-my@demo.test';
const reason = 'Merchant asked on the phone to add a card, ticket 9120';

/** Staff changes that call the payment gateway: `attempted` (committed) before the call, then the outcome. */
describe.each(testDatabases)('gateway calls on a merchant’s behalf are audited before they happen (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let merchant: string;
  let myUser: number;
  let myMerchant: number;
  beforeEach(async () => {
    // A test here changes the schema on purpose: a database of its own per test, dropped in the background, rather
    // than a reused one dropped and made again before the next test (under load that wait outran the 30 s hook).
    ctx = await createTestContext(kind, { ownDatabase: true });
    ({ support, merchant, userId: myUser, merchantId: myMerchant } = await staffAndMerchant(ctx, MY));
    gatewayCalls.length = 0; // the demo data's own cards
  });
  afterEach(async () => ctx.close());

  const entries = (action: string) => ctx.db('audit_log').where({ merchant_id: myMerchant, action }).orderBy('id').select('id', 'outcome', 'reason', 'error_code', 'attempt_id');
  const refuseEntries = async (name: string, condition: string) => {
    if (kind === 'sqlite') {
      await ctx.db.raw(`create trigger ${name} before insert on audit_log when ${condition.replace(/\brow\./g, 'new.')} begin select raise(abort, 'entry refused'); end`);
    } else {
      await ctx.db.raw(`create function ${name}() returns trigger as $$ begin if ${condition.replace(/\brow\./g, 'new.')} then raise exception 'entry refused'; end if; return new; end $$ language plpgsql`);
      await ctx.db.raw(`create trigger ${name} before insert on audit_log for each row execute function ${name}()`);
    }
  };
  const setupIntents = async () => Number((await ctx.db('sandbox_intents').where({ kind: 'setup' }).count({ n: '*' }).first())?.n ?? 0);

  it('commits the attempted entry, with the reason, before the gateway is called; the outcome names it', async () => {
    const res = await request(ctx.app).post('/api/users/billing/create-intent').set(bearer(support)).send({ user_id: myUser, reason });
    expect(res.status).toBe(200);
    expect(gatewayCalls.map((call) => call.method)).toEqual(['createSetupIntent']);
    expect(gatewayCalls[0].entries).toEqual([{ action: 'billing.create_intent', outcome: 'attempted', reason }]);
    const [attempt, outcome, ...more] = await entries('billing.create_intent');
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ outcome: 'attempted', reason, attempt_id: null });
    expect(outcome).toMatchObject({ outcome: 'succeeded', reason, error_code: null, attempt_id: attempt.id });
    // The audit log API and its CSV show both, linked.
    const log = await request(ctx.app).get('/api/staff/audit').set(bearer(support)).query({ action: 'billing.create_intent' });
    expect(log.body.data.map((e: { outcome: string; attempt_id: number | null }) => [e.outcome, e.attempt_id])).toEqual([
      ['succeeded', Number(attempt.id)],
      ['attempted', null],
    ]);
    const csv = await request(ctx.app).get('/api/staff/audit.csv').set(bearer(support)).query({ action: 'billing.create_intent' });
    expect(csv.text).toContain(`,succeeded,,${attempt.id},`);
  });

  it('records the gateway’s refusal, with its error code, as the attempt’s outcome', async () => {
    const res = await request(ctx.app).post('/api/users/billing/add-card').set(bearer(support)).send({ user_id: myUser, payment_method: 'pm_card_chargeDeclined', reason });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(gatewayCalls.map((call) => call.method)).toContain('attachPaymentMethod');
    const attach = gatewayCalls.find((call) => call.method === 'attachPaymentMethod');
    expect(attach?.entries.filter((e) => e.action === 'billing.add_card')).toEqual([{ action: 'billing.add_card', outcome: 'attempted', reason }]);
    const [attempt, outcome, ...more] = await entries('billing.add_card');
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ outcome: 'attempted', reason });
    expect(outcome).toMatchObject({ outcome: 'refused', error_code: res.body.error.code, attempt_id: attempt.id });
  });

  it('does not call the gateway when the attempted entry cannot be written', async () => {
    await refuseEntries('refuse_attempts', `row.outcome = 'attempted'`);
    const before = await setupIntents();
    const res = await request(ctx.app).post('/api/users/billing/create-intent').set(bearer(support)).send({ user_id: myUser, reason });
    expect(res.status).toBe(500);
    expect(gatewayCalls).toEqual([]);
    expect(await setupIntents()).toBe(before);
    expect(await entries('billing.create_intent')).toEqual([]);
  });

  it('keeps the attempt when the change’s own transaction rolls back, and records that it failed', async () => {
    // The outcome cannot be written in the merchant's transaction: the change rolls back, the attempt (its own
    // transaction, already committed) stays, and a refused outcome follows it.
    await refuseEntries('refuse_success', `row.outcome = 'succeeded' and row.action = 'billing.create_intent'`);
    const before = await setupIntents();
    const res = await request(ctx.app).post('/api/users/billing/create-intent').set(bearer(support)).send({ user_id: myUser, reason });
    expect(res.status).toBe(500);
    expect(gatewayCalls.map((call) => call.method)).toEqual(['createSetupIntent']);
    // The set-up intent was made at the gateway outside any transaction of ours (issue 25 #6): a rollback of ours
    // never undoes a gateway call, here as at Stripe.
    expect(await setupIntents()).toBe(before + 1);
    const [attempt, outcome, ...more] = await entries('billing.create_intent');
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ outcome: 'attempted', reason });
    expect(outcome).toMatchObject({ outcome: 'refused', error_code: 'internal_error', attempt_id: attempt.id });
  });

  it('writes no attempt for a merchant’s own card change, nor for a staff change that does not reach the gateway', async () => {
    expect((await request(ctx.app).post('/api/users/billing/create-intent').set(bearer(merchant)).send({})).status).toBe(200);
    expect(await entries('billing.create_intent')).toEqual([]);
    expect((await request(ctx.app).post('/api/users/billing/unsubscribe').set(bearer(support)).send({ user_id: myUser, reason })).status).toBe(200);
    expect((await entries('billing.unsubscribe')).map((e) => e.outcome)).toEqual(['succeeded']);
  });
});
