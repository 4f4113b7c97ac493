import request from 'supertest';
import { createTestContext, mailbox, signIn, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

// Issue 26 §1: a support member changed the superadmin's e-mail, asked for a reset link to it and took the
// account over. Staff write other staff accounts only through the superadmin team screens; a staff change to a
// merchant's profile needs a reason, is audited with both identities and is told to the old address.
const MY = 'merchant-my@demo.test';
const reason = 'Owner called from the registered phone, ticket #5521';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(testDatabases)('staff writes to user profiles (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let adminId: number;
  let supportId: number;
  let myId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test')]);
    adminId = ctx.demo.get('admin@demo.test')?.userId as number;
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
    myId = ctx.demo.get(MY)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const profile = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'Taken Over', email, phone: null, ...extra });
  const refusedEntries = async (actorId: number) => ctx.db('audit_log').where({ actor_user_id: actorId, outcome: 'refused' }).select('action', 'error_code', 'details');

  it('refuses a support member changing the superadmin’s e-mail, so the reset link still goes to the superadmin', async () => {
    const put = await request(ctx.app).put(`/api/users/${adminId}`).set(bearer(support)).send(profile('attacker@evil.test', { reason }));
    expect([put.status, put.body.error?.code]).toEqual([403, 'forbidden']);
    expect((await ctx.db('users').where({ id: adminId }).first('email')).email).toBe('admin@demo.test');

    await request(ctx.app).post('/api/forgot-password').send({ email: 'attacker@evil.test' }).expect(200);
    expect(await mailbox(ctx, 'attacker@evil.test')).toEqual([]);
    // The refused attempt is in the audit log, with who tried and on whom.
    const refused = await refusedEntries(supportId);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ action: 'merchant.profile_updated', error_code: 'forbidden' });
    expect(JSON.parse(String(refused[0]?.details))).toMatchObject({ user_id: adminId, target: 'staff_account' });
  });

  it('refuses any staff member writing another staff account, superadmins included, and avatars too', async () => {
    const bySuperadmin = await request(ctx.app).put(`/api/users/${supportId}`).set(bearer(admin)).send(profile('x@evil.test', { reason }));
    expect(bySuperadmin.status).toBe(403);
    const avatar = await request(ctx.app).post(`/api/users/${adminId}/avatar`).set(bearer(support)).field('reason', reason).attach('image', PNG, { filename: 'me.png', contentType: 'image/png' });
    expect([avatar.status, avatar.body.error?.code]).toEqual([403, 'forbidden']);
    expect((await ctx.db('users').where({ id: adminId }).first('image_url')).image_url).toBeNull();
    // A staff member still changes their own profile.
    const own = await request(ctx.app).put(`/api/users/${supportId}`).set(bearer(support)).send({ name: 'Sam Support', email: 'support@demo.test', phone: null });
    expect(own.status).toBe(200);
  });

  it('asks a reason of staff changing a merchant’s profile, and refuses (and records) the change without one', async () => {
    const without = await request(ctx.app).put(`/api/users/${myId}`).set(bearer(support)).send(profile(MY));
    expect([without.status, without.body.error?.code]).toEqual([400, 'reason_required']);
    const tooShort = await request(ctx.app).put(`/api/users/${myId}`).set(bearer(support)).send(profile(MY, { reason: 'x' }));
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.details.fields).toEqual({ reason: 'validation:staff.reasonRequired' });
    expect((await ctx.db('users').where({ id: myId }).first('name')).name).not.toBe('Taken Over');
    expect((await refusedEntries(supportId)).map((entry) => entry.error_code)).toEqual(['reason_required', 'validation_failed']);
  });

  it('audits a staff change of a merchant’s profile with both identities, shows it to the merchant and tells the old address', async () => {
    const put = await request(ctx.app).put(`/api/users/${myId}`).set(bearer(support)).send({ name: 'Aisyah Rahman', email: 'aisyah.new@demo.test', phone: '+60123456701', reason });
    expect(put.status).toBe(200);
    const entry = await ctx.db('audit_log').where({ action: 'merchant.profile_updated', outcome: 'succeeded' }).first();
    const merchant = await ctx.db('merchants').where({ owner_user_id: myId }).first('id');
    expect(entry).toMatchObject({ actor_user_id: supportId, actor_role: 'support', merchant_id: merchant.id, reason });
    // Only what changed, before and after.
    expect(JSON.parse(entry.before_summary)).toEqual({ email: MY });
    expect(JSON.parse(entry.after_summary)).toEqual({ email: 'aisyah.new@demo.test' });
    expect(JSON.parse(entry.details)).toMatchObject({ user_id: myId });

    const [notice] = await mailbox(ctx, MY);
    expect(notice?.subject).toMatch(/support changed your e-mail address/i);
    expect(notice?.link).toMatch(/\/report-change\/[\w-]{16,}$/);

    const merchantToken = (await signIn(ctx, 'aisyah.new@demo.test')).token;
    const access = await request(ctx.app).get('/api/users/staff-access').set(bearer(merchantToken));
    expect(access.body.data[0]).toMatchObject({ action: 'merchant.profile_updated', reason, staff_role: 'support' });
  });

  it('lets the old address report the change: details restored, every session ended, reset links spent', async () => {
    await request(ctx.app).put(`/api/users/${myId}`).set(bearer(support)).send({ name: 'Aisyah Rahman', email: 'attacker@evil.test', phone: '+60199999999', reason }).expect(200);
    const attackerSession = (await signIn(ctx, 'attacker@evil.test')).token;
    await request(ctx.app).post('/api/forgot-password').send({ email: 'attacker@evil.test' }).expect(200);
    const resetLink = (await mailbox(ctx, 'attacker@evil.test')).find((message) => message.link?.includes('/reset-password/'))?.link as string;
    const resetToken = resetLink.split('/').pop() as string;

    const [notice] = await mailbox(ctx, MY);
    const token = (notice?.link as string).split('/').pop() as string;
    const described = await request(ctx.app).get(`/api/contact-change/${token}`);
    expect(described.body.data).toMatchObject({ email_changed: true, phone_changed: true, changed_by: 'staff' });

    const report = await request(ctx.app).post(`/api/contact-change/${token}/report`);
    expect(report.body.data).toEqual({ restored: true });
    expect(await ctx.db('users').where({ id: myId }).first('email', 'phone')).toEqual({ email: MY, phone: '+60123456701' });
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(attackerSession))).status).toBe(401);
    expect((await request(ctx.app).get(`/api/forgot-password/token/${resetToken}`)).body.error.code).toBe('token_invalid');
    expect(await ctx.db('audit_log').where({ action: 'account.contact_change_reported', actor_user_id: myId }).first()).toBeDefined();
    // The link works once.
    expect((await request(ctx.app).post(`/api/contact-change/${token}/report`)).body.error.code).toBe('token_invalid');
  });

  it('tells the old address when the merchant changes it themselves too', async () => {
    const own = await tokenFor(ctx, MY);
    await request(ctx.app).put(`/api/users/${myId}`).set(bearer(own)).send({ name: 'Aisyah Rahman', email: 'aisyah@elsewhere.test', phone: '+60123456701' }).expect(200);
    const [notice] = await mailbox(ctx, MY);
    expect(notice?.subject).toBe('Your Merchant Hub e-mail address was changed');
    expect(await ctx.db('audit_log').where({ action: 'merchant.profile_updated' }).first()).toBeUndefined();
  });
});
