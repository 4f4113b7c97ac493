import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { REFUSALS_PER_WINDOW } from '../index';

// Issue 26 §3 and §4: superadmin-only calls by support were refused without a trace, and some answered 400 with
// field details (validation ran before the role check). Authorise first; record refused staff attempts.
describe.each(testDatabases)('refused staff attempts (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let supportId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    support = await tokenFor(ctx, 'support@demo.test');
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const refused = () => ctx.db('audit_log').where({ actor_user_id: supportId, outcome: 'refused' }).orderBy('id').select('action', 'error_code', 'details', 'actor_role');

  /** Every superadmin-only route of the API, as its reference lists it, with a body no schema accepts. */
  const superadminRoutes = async (): Promise<{ method: string; path: string }[]> => {
    const docs = await request(ctx.app).get('/api/docs/openapi.json');
    expect(docs.status).toBe(200);
    const paths = docs.body.paths as Record<string, Record<string, { summary?: string }>>;
    return Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.summary?.startsWith('Superadmin only'))
        .map(([method]) => ({ method, path: path.replace(/\{[^}]+\}/g, String(supportId)) })),
    );
  };

  it('answers support 403 on every superadmin-only route before reading the input, and records each attempt', async () => {
    const routes = await superadminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of routes) {
      const call = request(ctx.app)[method as 'get' | 'post'](path).set(bearer(support));
      const res = method === 'get' ? await call : await call.send({ role: 'not-a-role', name: 42, price: 'x' });
      expect([method, path, res.status, res.body.error?.code, res.body.error?.details]).toEqual([method, path, 403, 'forbidden', undefined]);
    }
    const entries = await refused();
    expect(entries).toHaveLength(routes.length);
    expect(entries.every((entry) => entry.error_code === 'forbidden' && entry.actor_role === 'support')).toBe(true);
    const routesLogged = entries.map((entry) => JSON.parse(String(entry.details)).route as string);
    expect(routesLogged).toContain(`POST /api/staff/team/:userId/role`);
  });

  it('records the self-promotion attempt under the route’s own action', async () => {
    const res = await request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(support)).send({ role: 'superadmin', reason: 'Promote for the night shift' });
    expect(res.status).toBe(403);
    const [entry] = await refused();
    expect(entry).toMatchObject({ action: 'staff.role_changed', error_code: 'forbidden' });
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(support))).body.role).toBe('support');
  });

  it('shows refused attempts in the audit screen’s list', async () => {
    await request(ctx.app).get('/api/staff/team').set(bearer(support)).expect(403);
    const admin = await tokenFor(ctx, 'admin@demo.test');
    const audit = await request(ctx.app).get('/api/staff/audit').query({ staff_id: supportId }).set(bearer(admin));
    expect(audit.body.data[0]).toMatchObject({ outcome: 'refused', error_code: 'forbidden', action: 'staff.access', staff: { id: supportId } });
  });

  it('stops recording after a burst so refused calls cannot flood the log, and says so in the last entry', async () => {
    for (let i = 0; i < REFUSALS_PER_WINDOW + 5; i += 1) await request(ctx.app).get('/api/staff/team').set(bearer(support)).expect(403);
    const entries = await refused();
    expect(entries).toHaveLength(REFUSALS_PER_WINDOW);
    expect(JSON.parse(String(entries[entries.length - 1]?.details))).toHaveProperty('refusals_paused_for_seconds');
  });

  it('does not write merchants’ refused staff calls into the staff audit log', async () => {
    const merchant = await tokenFor(ctx, 'merchant-my@demo.test');
    await request(ctx.app).get('/api/staff/team').set(bearer(merchant)).expect(403);
    expect(Number((await ctx.db('audit_log').where({ outcome: 'refused' }).count({ n: '*' }).first())?.n)).toBe(0);
  });
});
