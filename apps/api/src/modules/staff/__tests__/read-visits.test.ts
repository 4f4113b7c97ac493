import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, staffAndMerchant, tokenFor } from '../../../test-support/billing-helpers';
import { VISIT_WINDOW_SECONDS } from '../../audit';

// Issue 27, defect 3: three `billing/all` reads on behalf wrote three `billing.view` entries (the same for the
// billing history and plan-change previews); in a short walk half the audit log was these. A read is logged
// once per visit.
const MY = 'merchant-my@demo.test';

describe.each(testDatabases)('billing reads on behalf, logged once per visit (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let myUser: number;
  let myMerchant: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    ({ support, userId: myUser, merchantId: myMerchant } = await staffAndMerchant(ctx, MY));
  });
  afterEach(async () => ctx.close());

  const count = async (action: string) => Number((await ctx.db('audit_log').where({ merchant_id: myMerchant, action }).count({ n: '*' }).first())?.n ?? 0);
  const billingAll = async (token: string) => {
    const res = await request(ctx.app).get('/api/users/billing/all').set(bearer(token)).query({ user_id: myUser });
    expect(res.status).toBe(200);
  };
  const history = async () =>
    expect((await request(ctx.app).post('/api/users/billing/billing-history').set(bearer(support)).send({ user_id: myUser, date_start: 0, date_end: 4_000_000_000 })).status).toBe(200);

  it('writes one billing.view for three reads in a visit, and a new one when the next visit starts', async () => {
    await billingAll(support);
    await billingAll(support);
    await billingAll(support);
    expect(await count('billing.view')).toBe(1);
    ctx.clock.advance(VISIT_WINDOW_SECONDS - 1);
    await billingAll(support);
    expect(await count('billing.view')).toBe(1);
    ctx.clock.advance(VISIT_WINDOW_SECONDS);
    await billingAll(support);
    expect(await count('billing.view')).toBe(2);
  });

  it('logs the billing history (a read sent as POST) once per visit too', async () => {
    await history();
    await history();
    expect(await count('billing.history')).toBe(1);
  });

  it('counts each staff member’s visit on its own', async () => {
    const admin = await tokenFor(ctx, 'admin@demo.test');
    await billingAll(support);
    await billingAll(admin);
    await billingAll(admin);
    expect(await count('billing.view')).toBe(2);
  });

  it('still logs every change: two unsubscribe attempts without a reason are two refusals', async () => {
    for (let i = 0; i < 2; i += 1) await request(ctx.app).post('/api/users/billing/unsubscribe').set(bearer(support)).send({ user_id: myUser });
    expect(await count('billing.unsubscribe')).toBe(2);
  });
});
