import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const reason = 'Finance raised the Malaysian limit, ticket 88';
const DEFAULTS = { approval_threshold_minor: { MYR: 50_000, SGD: 20_000, PHP: 500_000, THB: 300_000, TWD: 300_000 }, approval_window_hours: 24, inbox_reply_target_hours: 24 };

describe.each(testDatabases)('console settings API (%s)', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let support: string;
  let merchantUserId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [admin, support] = await Promise.all([tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, 'support@demo.test')]);
    merchantUserId = ctx.demo.get('merchant-my@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const put = (token: string, body: Record<string, unknown>) => request(ctx.app).put('/api/staff/settings').set(bearer(token)).send(body);
  const previewCredit = (token: string, amount: number) =>
    request(ctx.app).post(`/api/staff/merchants/${merchantUserId}/credit-adjustments/preview`).set(bearer(token)).send({ direction: 'credit', amount_minor: amount, description: 'Goodwill', reason });

  it('answers the defaults to any staff member until a superadmin changes them, and refuses merchants', async () => {
    const res = await request(ctx.app).get('/api/staff/settings').set(bearer(support));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...DEFAULTS, updated_at: null, updated_by: null });
    const merchant = await tokenFor(ctx, 'merchant-my@demo.test');
    expect((await request(ctx.app).get('/api/staff/settings').set(bearer(merchant))).status).toBe(403);
  });

  it('lets a superadmin change them with a reason; the audit entry holds what changed, before and after, and only that', async () => {
    const res = await put(admin, { ...DEFAULTS, approval_threshold_minor: { ...DEFAULTS.approval_threshold_minor, MYR: 10_000 }, approval_window_hours: 48, reason });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ approval_threshold_minor: { MYR: 10_000, SGD: 20_000 }, approval_window_hours: 48, inbox_reply_target_hours: 24, updated_by: { id: ctx.demo.get('admin@demo.test')?.userId } });
    const entry = await ctx.db('audit_log').where({ action: 'settings.updated' }).first();
    expect([entry.outcome, entry.reason, entry.actor_role]).toEqual(['succeeded', reason, 'superadmin']);
    expect(JSON.parse(entry.before_summary)).toEqual({ 'approval_threshold_minor.MYR': 50_000, approval_window_hours: 24 });
    expect(JSON.parse(entry.after_summary)).toEqual({ 'approval_threshold_minor.MYR': 10_000, approval_window_hours: 48 });
    expect((await request(ctx.app).get('/api/staff/settings').set(bearer(support))).body.data.approval_window_hours).toBe(48);
  });

  it('is what the four-eyes check reads: a lower threshold sends the same credit to approval, and the preview names the window set', async () => {
    const before = await previewCredit(support, 20_000);
    expect(before.body).toMatchObject({ requires_approval: false, approval_threshold_minor: 50_000, approval_window_hours: 24 });
    expect((await put(admin, { ...DEFAULTS, approval_threshold_minor: { ...DEFAULTS.approval_threshold_minor, MYR: 10_000 }, approval_window_hours: 72, reason })).status).toBe(200);
    const after = await previewCredit(support, 20_000);
    expect(after.body).toMatchObject({ requires_approval: true, approval_threshold_minor: 10_000, approval_window_hours: 72 });
  });

  it('refuses support (403, audited as refused) before reading the body, and changes nothing', async () => {
    const res = await put(support, { nonsense: true });
    expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    const refused = await ctx.db('audit_log').where({ action: 'settings.updated' }).select('outcome', 'actor_role');
    expect(refused).toEqual([{ outcome: 'refused', actor_role: 'support' }]);
    expect(Number((await ctx.db('staff_settings').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('refuses values out of bounds and a missing reason with field errors, changing nothing', async () => {
    const res = await put(admin, { approval_threshold_minor: { MYR: 0, SGD: 100_000_001, PHP: 1.5, THB: '12', TWD: -1 }, approval_window_hours: 0, inbox_reply_target_hours: 337, reason: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toMatchObject({
      'approval_threshold_minor.MYR': 'validation:settings.thresholdInvalid',
      'approval_threshold_minor.SGD': 'validation:settings.thresholdInvalid',
      'approval_threshold_minor.PHP': 'validation:settings.thresholdInvalid',
      'approval_threshold_minor.TWD': 'validation:settings.thresholdInvalid',
      approval_window_hours: 'validation:settings.windowInvalid',
      inbox_reply_target_hours: 'validation:settings.targetInvalid',
      reason: 'validation:staff.reasonRequired',
    });
    const missing = await put(admin, { approval_window_hours: 721, inbox_reply_target_hours: 1, reason });
    expect(missing.body.error.details.fields).toMatchObject({ approval_threshold_minor: 'validation:settings.thresholdInvalid', approval_window_hours: 'validation:settings.windowInvalid' });
    expect(Number((await ctx.db('staff_settings').count({ n: '*' }).first())?.n)).toBe(0);
  });
});
