import request from 'supertest';
import { createTestContext, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';
const reason = 'Owner lost the first set-up e-mail';

describe.each(testDatabases)('staff set-up invite for an existing merchant (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  let myUser: number;
  let sgUser: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, MY)]);
    myUser = ctx.demo.get(MY)?.userId as number;
    sgUser = ctx.demo.get(SG)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const audits = () => ctx.db('audit_log').where({ action: 'merchant.wizard_invite' }).orderBy('id').select('outcome', 'error_code', 'reason', 'merchant_id');
  const count = async (table: string, where: Record<string, unknown>) => Number((await ctx.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);
  const invite = (token: string, userId: number, body: Record<string, unknown> = { reason }) =>
    request(ctx.app).post(`/api/staff/merchants/${userId}/wizard-invite`).set(bearer(token)).send(body);
  const pending = (userId: number) => ctx.db('users').where({ id: userId }).update({ email_verified_at: null });

  it('refuses a merchant (403) and changes nothing', async () => {
    await pending(sgUser);
    const res = await invite(merchant, sgUser);
    expect(res.status).toBe(403);
    expect(await count('activation_tokens', { user_id: sgUser })).toBe(0);
    expect(await audits()).toEqual([]);
  });

  it('re-sends the owner a fresh set-up link for their own account while set-up is pending, audited', async () => {
    await pending(sgUser);
    const users = await count('users', {});
    const detail = await request(ctx.app).get(`/api/staff/merchants/${sgUser}`).set(bearer(support));
    expect(detail.body.owner.setup_pending).toBe(true);
    const res = await invite(support, sgUser);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await count('users', {})).toBe(users);
    expect(await count('activation_tokens', { user_id: sgUser })).toBe(1);
    const [mail] = await mailbox(ctx, SG);
    expect(mail.text).toContain('/signin?evt=');
    expect(await audits()).toEqual([expect.objectContaining({ outcome: 'succeeded', reason, error_code: null })]);
    // The link finishes set-up of THIS account: after it, the invite is no longer offered.
    const token = /evt=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect((await request(ctx.app).patch(`/api/signup/activate/${token}`)).status).toBe(200);
    expect((await request(ctx.app).get(`/api/staff/merchants/${sgUser}`).set(bearer(admin))).body.owner.setup_pending).toBe(false);
  });

  it('answers 409 with a translated key once set-up is finished, audited as refused, no token issued', async () => {
    const res = await invite(admin, myUser);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'setup_already_complete', key: 'errors:staff.setupAlreadyComplete' });
    expect(await count('activation_tokens', { user_id: myUser })).toBe(0);
    expect(await audits()).toEqual([expect.objectContaining({ outcome: 'refused', error_code: 'setup_already_complete', reason })]);
  });

  it('requires a reason (400) and writes nothing', async () => {
    await pending(sgUser);
    const res = await invite(support, sgUser, { reason: '  ' });
    expect(res.status).toBe(400);
    expect(await count('activation_tokens', { user_id: sgUser })).toBe(0);
    expect(await audits()).toEqual([]);
  });
});
