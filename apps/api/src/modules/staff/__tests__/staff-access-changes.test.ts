import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

// Issue 27, defect 1: the merchant read "Support adjusted your credit balance" for a credit that was only
// requested, and "An administrator adjusted your credit balance" after the request was rejected. The merchant
// sees what staff changed, and only that.
const MY = 'merchant-my@demo.test';
const reason = 'Goodwill credit agreed on ticket #7781';

describe.each(testDatabases)('what the merchant sees of staff changes (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  let myUser: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, MY)]);
    myUser = ctx.demo.get(MY)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const requestCredit = async (amountMinor: number): Promise<string> => {
    const body = { direction: 'credit', amount_minor: amountMinor, description: 'Outage goodwill', reason };
    const preview = await request(ctx.app).post(`/api/staff/merchants/${myUser}/credit-adjustments/preview`).set(bearer(support)).send(body);
    expect(preview.body.requires_approval).toBe(true);
    const commit = await request(ctx.app).post(`/api/staff/merchants/${myUser}/credit-adjustments`).set(bearer(support)).send({ ...body, preview_token: preview.body.preview_token });
    expect(commit.body.adjustment.status).toBe('pending_approval');
    return commit.body.adjustment.id as string;
  };
  const seen = async () => {
    const res = await request(ctx.app).get('/api/users/staff-access').set(bearer(merchant));
    expect(res.status).toBe(200);
    return (res.body.data as { action: string; reason: string | null }[]).map((entry) => [entry.action, entry.reason]);
  };

  it('does not list a credit that is only waiting for approval', async () => {
    await requestCredit(60_000);
    expect(await seen()).toEqual([]);
  });

  it('does not list a rejected request, and lists an approved one once, as the change', async () => {
    const rejected = await requestCredit(60_000);
    expect((await request(ctx.app).post(`/api/staff/approvals/${rejected}/reject`).set(bearer(admin)).send({ reason: 'Not agreed' })).status).toBe(200);
    expect(await seen()).toEqual([]);
    const approved = await requestCredit(70_000);
    expect((await request(ctx.app).post(`/api/staff/approvals/${approved}/approve`).set(bearer(admin)).send({ reason: 'Checked the ticket' })).status).toBe(200);
    expect(await seen()).toEqual([['credit.approve', 'Checked the ticket']]);
  });

  // Issue 27 §7: the navigation shows how many adjustments wait for the signed-in staff member's decision.
  it('counts the adjustments waiting for a decision, leaving out the staff member’s own requests', async () => {
    const count = async (token: string) => {
      const res = await request(ctx.app).get('/api/staff/approvals/count').set(bearer(token));
      expect(res.status).toBe(200);
      return res.body.pending as number;
    };
    expect(await count(admin)).toBe(0);
    const first = await requestCredit(60_000);
    await requestCredit(70_000);
    expect([await count(admin), await count(support)]).toEqual([2, 0]);
    expect((await request(ctx.app).post(`/api/staff/approvals/${first}/approve`).set(bearer(admin)).send({ reason: 'Checked the ticket' })).status).toBe(200);
    expect(await count(admin)).toBe(1);
    expect((await request(ctx.app).get('/api/staff/approvals/count').set(bearer(merchant))).status).toBe(403);
  });
});
