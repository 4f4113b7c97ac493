import request from 'supertest';
import { createTestContext, mailbox, signIn, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const NEW_STAFF = 'new-support@demo.test';
const reason = 'Agreed with the team lead on ticket 42';

describe.each(testDatabases)('staff accounts API (%s)', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let support: string;
  let merchant: string;
  let adminId: number;
  let supportId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [admin, support, merchant] = await Promise.all([tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'merchant-my@demo.test')]);
    adminId = ctx.demo.get('admin@demo.test')?.userId as number;
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const audits = async (action: string) => ctx.db('audit_log').where({ action }).orderBy('id', 'asc').select();
  const invite = (token: string, body: Record<string, unknown>) => request(ctx.app).post('/api/staff/team/invitations').set(bearer(token)).send(body);

  it('refuses support and merchants on every team call (403), changing nothing; support’s attempts are recorded as refused', async () => {
    const calls: [string, string, Record<string, unknown>?][] = [
      ['get', '/api/staff/team'],
      ['post', '/api/staff/team/invitations', { email: NEW_STAFF, name: 'New', role: 'support', reason }],
      ['post', `/api/staff/team/${adminId}/role`, { role: 'support', reason }],
      ['post', `/api/staff/team/${adminId}/deactivate`, { reason }],
    ];
    for (const token of [support, merchant]) {
      for (const [method, path, body] of calls) {
        const res = await (method === 'get' ? request(ctx.app).get(path) : request(ctx.app).post(path).send(body)).set(bearer(token));
        expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'forbidden']);
      }
    }
    expect(await ctx.db('users').where({ email: NEW_STAFF }).first()).toBeUndefined();
    expect(Number((await ctx.db('audit_log').where('action', 'like', 'staff.%').whereNot({ outcome: 'refused' }).count({ n: '*' }).first())?.n)).toBe(0);
    const refused = await ctx.db('audit_log').where({ outcome: 'refused' }).select('actor_user_id');
    expect(refused.map((row) => Number(row.actor_user_id))).toEqual(calls.map(() => ctx.demo.get('support@demo.test')?.userId));
  });

  it('lists staff with role and status for a superadmin', async () => {
    const res = await request(ctx.app).get('/api/staff/team').set(bearer(admin));
    expect(res.status).toBe(200);
    const emails = res.body.data.map((row: { email: string }) => row.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.test', 'support@demo.test']));
    expect(emails).not.toContain('merchant-my@demo.test');
    expect(res.body.data.find((row: { email: string }) => row.email === 'admin@demo.test')).toMatchObject({ role: 'superadmin', status: 'active' });
  });

  it('refuses a bad invitation with field errors and changes nothing', async () => {
    const res = await invite(admin, { email: 'not-an-email', name: '', role: 'owner', locale: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toMatchObject({ email: 'validation:team.emailInvalid', name: 'validation:team.nameRequired', role: 'validation:team.roleInvalid', locale: 'validation:team.localeInvalid' });
    const taken = await invite(admin, { email: 'merchant-my@demo.test', name: 'Taken', role: 'support', reason });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'email_taken']);
    expect((await audits('staff.invited')).map((row) => row.outcome)).toEqual(['refused']);
  });

  it('invites a support member in the chosen language; they set a password from the link and sign in with a code', async () => {
    const res = await invite(admin, { email: NEW_STAFF, name: 'Mei Ling', role: 'support', locale: 'zhtw', reason });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: NEW_STAFF, role: 'support', status: 'invited' });
    const [entry] = await audits('staff.invited');
    expect(entry).toMatchObject({ actor_user_id: adminId, outcome: 'succeeded', actor_role: 'superadmin' });
    expect(JSON.parse(entry.after_summary)).toMatchObject({ email: NEW_STAFF, role: 'support', locale: 'zhtw' });

    const [mail] = await mailbox(ctx, NEW_STAFF);
    expect(mail.subject).toBe('您已受邀加入 Merchant Hub 員工控制台');
    expect(mail.link).toMatch(/\/reset-password\/[\w-]+$/);
    // No password works before the invitee chooses one.
    expect((await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: NEW_STAFF, password: '!invited' })).status).toBe(401);

    // Still valid after six days: an invitation lives a week, unlike an hour-long reset link.
    ctx.clock.advance(6 * 24 * 60 * 60);
    const token = String(mail.link).split('/').pop();
    const set = await request(ctx.app).post('/api/forgot-password/change').send({ email: NEW_STAFF, forgot_password_token: token, password: 'Welcome2026', password_confirmation: 'Welcome2026' });
    expect(set.status).toBe(200);
    const { token: session } = await signIn(ctx, NEW_STAFF, 'Welcome2026');
    const me = await request(ctx.app).get('/api/staff/me').set(bearer(session));
    expect(me.body).toMatchObject({ email: NEW_STAFF, role: 'support' });
    const listed = await request(ctx.app).get('/api/staff/team').set(bearer(admin));
    expect(listed.body.data.find((row: { email: string }) => row.email === NEW_STAFF).status).toBe('active');
  });

  it('deactivates a staff member: their session ends at once and sign-in is refused', async () => {
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(support))).status).toBe(200);
    const res = await request(ctx.app).post(`/api/staff/team/${supportId}/deactivate`).set(bearer(admin)).send({ reason });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('deactivated');
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(support))).status).toBe(401);
    const again = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: 'support@demo.test', password: 'Merchant2026' });
    expect([again.status, again.body.error?.code, again.body.key]).toEqual([403, 'account_deactivated', 'errors:team.accountDeactivated']);
    const [entry] = await audits('staff.deactivated');
    expect(JSON.parse(entry.after_summary)).toEqual({ staff_user_id: supportId, status: 'deactivated' });
  });

  it('changes a role and audits before and after', async () => {
    const res = await request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(admin)).send({ role: 'superadmin', reason });
    expect([res.status, res.body.data.role]).toEqual([200, 'superadmin']);
    const [entry] = await audits('staff.role_changed');
    expect([JSON.parse(entry.before_summary).role, JSON.parse(entry.after_summary).role]).toEqual(['support', 'superadmin']);
    const bad = await request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(admin)).send({ role: 'main_user', reason });
    expect([bad.status, bad.body.error.details.fields.role]).toEqual([400, 'validation:team.roleInvalid']);
    const merchantId = ctx.demo.get('merchant-my@demo.test')?.userId as number;
    expect((await request(ctx.app).post(`/api/staff/team/${merchantId}/role`).set(bearer(admin)).send({ role: 'support', reason })).status).toBe(404);
  });

  it('never removes or demotes the last active superadmin', async () => {
    const demote = await request(ctx.app).post(`/api/staff/team/${adminId}/role`).set(bearer(admin)).send({ role: 'support', reason });
    expect([demote.status, demote.body.error.code, demote.body.key]).toEqual([409, 'last_superadmin', 'errors:team.lastSuperadmin']);
    const remove = await request(ctx.app).post(`/api/staff/team/${adminId}/deactivate`).set(bearer(admin)).send({ reason });
    expect([remove.status, remove.body.error.code]).toEqual([409, 'last_superadmin']);
    expect((await ctx.db('users').where({ id: adminId }).first()).status).toBe('active');
    expect((await audits('staff.deactivated')).map((row) => row.outcome)).toEqual(['refused']);
  });

  it('keeps one superadmin when two superadmins demote each other at the same time', async () => {
    await request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(admin)).send({ role: 'superadmin', reason }).expect(200);
    const [first, second] = await Promise.all([
      request(ctx.app).post(`/api/staff/team/${supportId}/role`).set(bearer(admin)).send({ role: 'support', reason }),
      request(ctx.app).post(`/api/staff/team/${adminId}/role`).set(bearer(support)).send({ role: 'support', reason }),
    ]);
    // The loser is refused as the last superadmin, or (already demoted when its request came in) as support.
    const statuses = [first.status, second.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409 || status === 403)).toHaveLength(1);
    const superadmins = await ctx.db('user_roles').join('roles', 'roles.id', 'user_roles.role_id').where('roles.name', 'superadmin').whereIn('user_roles.user_id', [adminId, supportId]).select('user_id');
    expect(superadmins).toHaveLength(1);
  });
});
