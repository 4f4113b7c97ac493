import request from 'supertest';
import { REFUSAL_WINDOW_SECONDS } from '../../audit';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const READONLY = 'readonly@demo.test';
const reason = 'Quarterly access review, ticket 7';

type Operation = { 'x-access'?: string; 'x-read-only-safe'?: string; 'x-audit-action'?: string };

/**
 * Issue 27 capability 4: a read-only staff member sees every console read and changes nothing. The refusal is
 * the dispatcher's default for every authenticated write, so a route another change adds is covered without
 * being listed here: the test walks the API reference, not a list of its own.
 */
describe.each(testDatabases)('read-only staff (%s)', (kind) => {
  let ctx: TestContext;
  let readonly: string;
  let readonlyId: number;
  let merchantUserId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    readonly = await tokenFor(ctx, READONLY);
    readonlyId = ctx.demo.get(READONLY)?.userId as number;
    merchantUserId = ctx.demo.get('merchant-my@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const reference = async () => (await request(ctx.app).get('/api/docs/openapi.json')).body.paths as Record<string, Record<string, Operation>>;
  /** `/api/staff/merchants/{userId}/visits` → a path with every parameter set to the MY merchant's owner (ids that exist where it matters). */
  const concrete = (path: string) => path.replace(/\{(\w+)\}/g, String(merchantUserId));
  const changeCount = async () => Number((await ctx.db('audit_log').whereNot({ outcome: 'refused' }).count({ n: '*' }).first())?.n ?? 0);

  it('is refused (403 staff_read_only) on every authenticated write of the API unless the route declares it read-only safe, each attempt audited as refused, and nothing changes', async () => {
    const paths = await reference();
    const writes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => method !== 'get' && operation['x-access'] !== undefined)
        .map(([method, operation]) => ({ method, path, operation })),
    );
    const guarded = writes.filter(({ operation }) => !operation['x-read-only-safe']);
    // The staff router's writes are all there (and more: act-on-behalf billing writes, team, catalog, settings, inbox).
    expect(guarded.filter(({ path }) => path.startsWith('/api/staff/')).length).toBeGreaterThan(25);
    expect(guarded.map(({ path }) => path)).toEqual(expect.arrayContaining(['/api/users/billing/downgrade-or-upgrade', '/api/staff/settings', '/api/staff/support/{id}/assign', '/api/staff/team/invitations']));
    const before = await changeCount();
    const answers: string[] = [];
    for (const { method, path } of guarded) {
      // The refusal log is rate-limited per staff member: each attempt comes in a window of its own.
      ctx.clock.advance(REFUSAL_WINDOW_SECONDS + 1);
      const agent = request(ctx.app);
      const res = await agent[method as 'post' | 'put' | 'patch' | 'delete'](concrete(path))
        .set(bearer(readonly))
        .send({ user_id: merchantUserId, reason, role: 'superadmin', amount_minor: 1 });
      answers.push(`${method.toUpperCase()} ${path} ${res.status} ${res.body.error?.code}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 403 staff_read_only'))).toEqual([]);
    const refused = await ctx.db('audit_log').where({ actor_user_id: readonlyId, outcome: 'refused' }).orderBy('id', 'asc').select('error_code', 'actor_role', 'details');
    expect(refused).toHaveLength(guarded.length);
    expect(refused.every((row) => row.error_code === 'staff_read_only' && row.actor_role === 'readonly')).toBe(true);
    expect(refused.map((row) => JSON.parse(String(row.details)).required_role)).toEqual(guarded.map(() => 'write'));
    expect(await changeCount()).toBe(before);
  });

  it('declares read-only safe only a visit log, a read sent as POST and signing out', async () => {
    const paths = await reference();
    const safe = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation['x-read-only-safe'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(safe.sort()).toEqual(['POST /api/logout', 'POST /api/staff/merchants/{userId}/visits', 'POST /api/users/billing/billing-history']);
  });

  it('reads every staff page: directory, merchant, timeline, approvals, audit, inbox, team, catalog, settings, and a merchant’s billing', async () => {
    const me = await request(ctx.app).get('/api/staff/me').set(bearer(readonly));
    expect([me.status, me.body.role]).toEqual([200, 'readonly']);
    const reads = [
      '/api/staff/merchants',
      `/api/staff/merchants/${merchantUserId}`,
      `/api/staff/merchants/${merchantUserId}/timeline`,
      '/api/staff/approvals',
      '/api/staff/approvals/count',
      '/api/staff/audit',
      '/api/staff/support',
      '/api/staff/support/assignees',
      '/api/staff/team',
      '/api/staff/catalog?market=MY',
      '/api/staff/promotions',
      '/api/staff/settings',
      `/api/users/billing/all?user_id=${merchantUserId}`,
    ];
    for (const path of reads) {
      const res = await request(ctx.app).get(path).set(bearer(readonly));
      expect([path, res.status]).toEqual([path, 200]);
    }
    const visit = await request(ctx.app).post(`/api/staff/merchants/${merchantUserId}/visits`).set(bearer(readonly));
    expect(visit.status).toBe(200);
    expect(await ctx.db('audit_log').where({ actor_user_id: readonlyId, action: 'merchant.viewed', outcome: 'succeeded' }).first('actor_role')).toEqual({ actor_role: 'readonly' });
  });

  it('is created and re-roled only by a superadmin on the team screens, with a reason, audited', async () => {
    const [admin, support] = await Promise.all([tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, 'support@demo.test')]);
    const supportId = ctx.demo.get('support@demo.test')?.userId as number;
    const bySupport = await request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(support)).send({ role: 'readonly', reason });
    expect([bySupport.status, bySupport.body.error.code]).toEqual([403, 'forbidden']);
    const changed = await request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(admin)).send({ role: 'readonly', reason });
    expect([changed.status, changed.body.data.role]).toEqual([200, 'readonly']);
    const entry = await ctx.db('audit_log').where({ action: 'staff.role_changed', outcome: 'succeeded' }).first('before_summary', 'after_summary', 'reason');
    expect([JSON.parse(entry.before_summary).role, JSON.parse(entry.after_summary).role, entry.reason]).toEqual(['support', 'readonly', reason]);
    // The same session is read-only from its next request: roles are read with the session.
    const refused = await request(ctx.app).post(`/api/staff/merchants/${merchantUserId}/password-reset`).set(bearer(support)).send({ reason });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'staff_read_only']);
    const invited = await request(ctx.app).post('/api/staff/team/invitations').set(bearer(admin)).send({ email: 'auditor@demo.test', name: 'Audrey Auditor', role: 'readonly', reason });
    expect([invited.status, invited.body.data.role]).toEqual([201, 'readonly']);
    const team = await request(ctx.app).get('/api/staff/team').set(bearer(readonly));
    expect(team.body.data.find((row: { email: string }) => row.email === READONLY)).toMatchObject({ role: 'readonly', status: 'active' });
  });
});
