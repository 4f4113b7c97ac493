import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, staffAndMerchant } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';
const reason = 'Merchant asked by phone, ticket 7781';

/** Staff changing a merchant's billing: a reason is required, and the entry lives and dies with the change. */
describe.each(testDatabases)('billing on a merchant’s behalf (%s)', (kind) => {
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
  });
  afterEach(async () => ctx.close());

  const entries = (action: string) => ctx.db('audit_log').where({ merchant_id: myMerchant, action }).orderBy('id').select('outcome', 'reason', 'error_code');
  const endsAt = async () => (await ctx.db('subscriptions').where({ merchant_id: myMerchant, name: 'default', stripe_status: 'active' }).first('ends_at'))?.ends_at ?? null;
  const unsubscribe = (token: string, body: Record<string, unknown>) => request(ctx.app).post('/api/users/billing/unsubscribe').set(bearer(token)).send(body);

  it('refuses a change without a reason (400 reason_required), changes nothing and audits the refusal', async () => {
    const res = await unsubscribe(support, { user_id: myUser });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'reason_required', key: 'errors:staff.reasonRequired' });
    expect(await endsAt()).toBeNull();
    expect(await entries('billing.unsubscribe')).toEqual([{ outcome: 'refused', reason: null, error_code: 'reason_required' }]);
  });

  it('lets staff read the billing history (a read sent as POST) without a reason, audited as a read', async () => {
    const res = await request(ctx.app).post('/api/users/billing/billing-history').set(bearer(support)).send({ user_id: myUser, date_start: 0, date_end: 4_000_000_000 });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(await entries('billing.history')).toEqual([{ outcome: 'succeeded', reason: null, error_code: null }]);
  });

  it('writes one succeeded entry with the reason when the change is made', async () => {
    const res = await unsubscribe(support, { user_id: myUser, reason });
    expect(res.status).toBe(200);
    expect(await endsAt()).not.toBeNull();
    expect(await entries('billing.unsubscribe')).toEqual([{ outcome: 'succeeded', reason, error_code: null }]);
  });

  it('leaves no succeeded entry for a change that fails, only the refusal', async () => {
    // merchant-my is not past due: there is nothing to retry, and the engine refuses inside its transaction.
    const res = await request(ctx.app).post('/api/users/billing/retry-payment').set(bearer(support)).send({ user_id: myUser, type: 'default', reason });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // A retry calls the gateway: its attempt was committed first; the refusal is its outcome.
    const written = await entries('billing.retry_payment');
    expect(written.map((entry) => entry.outcome)).toEqual(['attempted', 'refused']);
    expect(written[1]).toMatchObject({ outcome: 'refused', reason, error_code: expect.any(String) });
  });

  it('writes the entry in the change’s transaction: an entry that cannot be written undoes the change', async () => {
    if (kind === 'sqlite') {
      await ctx.db.raw(`create trigger refuse_unsubscribe_entry before insert on audit_log when new.action = 'billing.unsubscribe' begin select raise(abort, 'entry refused'); end`);
    } else {
      await ctx.db.raw(`create function refuse_unsubscribe_entry() returns trigger as $$ begin if new.action = 'billing.unsubscribe' then raise exception 'entry refused'; end if; return new; end $$ language plpgsql`);
      await ctx.db.raw(`create trigger refuse_unsubscribe_entry before insert on audit_log for each row execute function refuse_unsubscribe_entry()`);
    }
    const res = await unsubscribe(support, { user_id: myUser, reason });
    expect(res.status).toBe(500);
    // The change rolled back with its entry.
    expect(await endsAt()).toBeNull();
  });

  it('shows the merchant staff changes with their reason, and visits, but not each page staff read', async () => {
    expect((await request(ctx.app).get('/api/users/billing/all').set(bearer(support)).query({ user_id: myUser })).status).toBe(200);
    await request(ctx.app).post(`/api/staff/merchants/${myUser}/visits`).set(bearer(support)).send({});
    expect((await unsubscribe(support, { user_id: myUser, reason })).status).toBe(200);
    const seen = await request(ctx.app).get('/api/users/staff-access').set(bearer(merchant));
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((e: { action: string; reason: string | null; staff_role: string }) => [e.action, e.reason, e.staff_role])).toEqual([
      ['billing.unsubscribe', reason, 'support'],
      ['merchant.viewed', null, 'support'],
    ]);
    // The staff timeline shows the same: the change and the visit, not each billing page read.
    const timeline = await request(ctx.app).get(`/api/staff/merchants/${myUser}/timeline`).set(bearer(support));
    const staffActions = timeline.body.data.filter((e: { kind: string }) => e.kind === 'staff_action').map((e: { params: { action: string } }) => e.params.action);
    expect(staffActions).toEqual(['billing.unsubscribe', 'merchant.viewed']);
  });

  it('lets the merchant change their own billing without a reason, and refuses naming another merchant', async () => {
    expect((await unsubscribe(merchant, {})).status).toBe(200);
    expect(await endsAt()).not.toBeNull();
    const other = ctx.demo.get('merchant-sg@demo.test')?.userId as number;
    expect((await unsubscribe(merchant, { user_id: other, reason })).status).toBe(403);
  });
});
