import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

// Issue 26 §2: support committed three credits of exactly the threshold (MYR 500.00) to one merchant, one after
// another, and all three applied. The four-eyes rule counts a running total per staff member and merchant over
// a rolling 24 hours.
const MY = 'merchant-my@demo.test';
const reason = 'Goodwill credit agreed on ticket #7781';
const THRESHOLD = 50_000;

describe.each(testDatabases)('four-eyes running total (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let myUser: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test')]);
    myUser = ctx.demo.get(MY)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const body = { direction: 'credit', amount_minor: THRESHOLD, description: 'Goodwill', reason };
  const creditAs = async (token: string) => {
    const preview = await request(ctx.app).post(`/api/staff/merchants/${myUser}/credit-adjustments/preview`).set(bearer(token)).send(body);
    expect(preview.status).toBe(200);
    const commit = await request(ctx.app).post(`/api/staff/merchants/${myUser}/credit-adjustments`).set(bearer(token)).send({ ...body, preview_token: preview.body.preview_token });
    expect(commit.status).toBe(201);
    return { preview: preview.body, status: commit.body.adjustment.status as string };
  };

  it('holds the second threshold-sized credit by the same staff member for approval', async () => {
    const first = await creditAs(support);
    expect(first.status).toBe('applied');
    expect(first.preview).toMatchObject({ requires_approval: false, window_total_minor: THRESHOLD, approval_window_hours: 24 });
    const second = await creditAs(support);
    expect(second.preview).toMatchObject({ requires_approval: true, window_total_minor: 2 * THRESHOLD, approval_threshold_minor: THRESHOLD });
    expect(second.status).toBe('pending_approval');
    const third = await creditAs(support);
    expect(third.status).toBe('pending_approval');
    const applied = await ctx.db('staff_credit_adjustments').where({ status: 'applied' }).count({ n: '*' }).first();
    expect(Number(applied?.n)).toBe(1);
    expect(Number((await ctx.db('audit_log').where({ action: 'credit.adjust_requested' }).count({ n: '*' }).first())?.n)).toBe(2);
  });

  it('counts per staff member: another staff member’s own credit starts their own total', async () => {
    expect((await creditAs(support)).status).toBe('applied');
    expect((await creditAs(admin)).status).toBe('applied');
  });

  it('starts a new total once the window has passed', async () => {
    expect((await creditAs(support)).status).toBe('applied');
    ctx.clock.advance(24 * 60 * 60 + 1);
    expect((await creditAs(support)).status).toBe('applied');
  });
});
