import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, packageId, tokenFor } from '../../../test-support/billing-helpers';

// Issue 27, defect 8: catalog, promotion and team changes asked no reason, and a deactivated staff member could
// not be reactivated.
const reason = 'Agreed with the team lead on ticket 42';

describe.each(testDatabases)('admin writes with a reason, and reactivation (%s)', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let support: string;
  let supportId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [admin, support] = await Promise.all([tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, 'support@demo.test')]);
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const post = (token: string, path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/staff${path}`).set(bearer(token)).send(body);
  const lastEntry = async (action: string) => ctx.db('audit_log').where({ action }).orderBy('id', 'desc').first('reason', 'outcome', 'actor_role');

  it('refuses catalog, promotion and team writes without a reason (400 on the reason field) and records the reason given', async () => {
    const starter = await packageId(ctx, 'price_my_starter_monthly');
    const writes: [string, Record<string, unknown>, string][] = [
      [`/catalog/plans/${starter}/hide`, { hide: true }, 'catalog.plan.hide'],
      ['/promotions', { code: 'REASONED10', kind: 'percent', percent_off: 10, duration: 'once' }, 'promotion.create'],
      [`/team/${supportId}/role`, { role: 'superadmin' }, 'staff.role_changed'],
      [`/team/${supportId}/deactivate`, {}, 'staff.deactivated'],
    ];
    for (const [path, body, action] of writes) {
      const refused = await post(admin, path, body);
      expect([path, refused.status, refused.body.error.details?.fields?.reason]).toEqual([path, 400, 'validation:staff.reasonRequired']);
      expect(await lastEntry(action)).toBeUndefined();
      const done = await post(admin, path, { ...body, reason });
      expect([200, 201]).toContain(done.status);
      expect(await lastEntry(action)).toEqual({ reason, outcome: 'succeeded', actor_role: 'superadmin' });
    }
  });

  it('reactivates a deactivated staff member (superadmin only, audited with the reason); they sign in again', async () => {
    expect((await post(admin, `/team/${supportId}/deactivate`, { reason })).status).toBe(200);
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(support))).status).toBe(401);

    const other = await tokenFor(ctx, 'admin@demo.test');
    const res = await post(other, `/team/${supportId}/reactivate`, { reason: 'Back from leave' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: supportId, status: 'active', role: 'support' });
    expect(await lastEntry('staff.reactivated')).toEqual({ reason: 'Back from leave', outcome: 'succeeded', actor_role: 'superadmin' });
    const again = await tokenFor(ctx, 'support@demo.test');
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(again))).status).toBe(200);

    const twice = await post(admin, `/team/${supportId}/reactivate`, { reason: 'Back from leave' });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'staff_not_deactivated']);
    expect(await ctx.db('audit_log').where({ action: 'staff.reactivated', outcome: 'refused' }).first('error_code')).toEqual({ error_code: 'staff_not_deactivated' });
    expect((await post(admin, '/team/999999/reactivate', { reason })).status).toBe(404);
    expect((await post(admin, `/team/${supportId}/reactivate`, {})).status).toBe(400);
  });

  it('refuses support (403, recorded) and checks no body first', async () => {
    const res = await post(support, `/team/${supportId}/reactivate`, {});
    expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    expect(await ctx.db('audit_log').where({ actor_user_id: supportId, outcome: 'refused' }).first('action')).toEqual({ action: 'staff.reactivated' });
  });
});
