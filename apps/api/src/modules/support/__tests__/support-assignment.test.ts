import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const HOUR = 3600;

/** Issue 27 capability 4: threads assignable to any active staff member, with age and waiting time, sortable. */
describe.each(testDatabases)('support inbox assignment and waiting time (%s)', (kind) => {
  let ctx: TestContext;
  let my: string;
  let sg: string;
  let support: string;
  let admin: string;
  let supportId: number;
  let adminId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [my, sg, support, admin] = await Promise.all([tokenFor(ctx, 'merchant-my@demo.test'), tokenFor(ctx, 'merchant-sg@demo.test'), tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test')]);
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
    adminId = ctx.demo.get('admin@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const open = async (token: string, subject: string): Promise<number> =>
    (await request(ctx.app).post('/api/support/conversations').set(bearer(token)).send({ subject, message: 'Hello?' })).body.data.id as number;
  const inbox = (token: string, query: Record<string, string> = {}) => request(ctx.app).get('/api/staff/support').query(query).set(bearer(token));
  const assign = (token: string, id: number, body?: Record<string, unknown>) => request(ctx.app).post(`/api/staff/support/${id}/assign`).set(bearer(token)).send(body);

  it('assigns a thread to another active staff member, to nobody, and (without a body) to me; each audited with before and after', async () => {
    const id = await open(my, 'Card declined');
    const toAdmin = await assign(support, id, { assignee_id: adminId });
    expect([toAdmin.status, toAdmin.body.data.assignee]).toEqual([200, { id: adminId, name: 'Ada Admin' }]);
    expect((await assign(support, id, { assignee_id: null })).body.data.assignee).toBeNull();
    expect((await assign(support, id)).body.data.assignee).toEqual({ id: supportId, name: 'Sam Support' });
    const entries = await ctx.db('audit_log').where({ action: 'support.assigned' }).orderBy('id', 'asc').select('details', 'actor_user_id', 'merchant_id', 'outcome');
    expect(entries.map((row) => [JSON.parse(row.details).previous_assignee_id, JSON.parse(row.details).assignee_id, row.outcome])).toEqual([
      [null, adminId, 'succeeded'],
      [adminId, null, 'succeeded'],
      [null, supportId, 'succeeded'],
    ]);
    expect(entries.every((row) => Number(row.actor_user_id) === supportId && Number(row.merchant_id) === ctx.demo.get('merchant-my@demo.test')?.merchantId)).toBe(true);
  });

  it('refuses a merchant, read-only staff and a non-assignable member (read-only, invited, a merchant, unknown) with an audited refusal, changing nothing', async () => {
    const id = await open(my, 'Card declined');
    const readonlyId = ctx.demo.get('readonly@demo.test')?.userId as number;
    const merchantId = ctx.demo.get('merchant-sg@demo.test')?.userId as number;
    expect((await assign(my, id, { assignee_id: supportId })).status).toBe(403);
    const readonly = await assign(await tokenFor(ctx, 'readonly@demo.test'), id, { assignee_id: supportId });
    expect([readonly.status, readonly.body.error.code]).toEqual([403, 'staff_read_only']);
    const invited = await request(ctx.app).post('/api/staff/team/invitations').set(bearer(admin)).send({ email: 'new-support@demo.test', name: 'New Support', role: 'support', reason: 'New hire' });
    for (const assignee of [readonlyId, invited.body.data.id, merchantId, 999_999]) {
      const res = await assign(support, id, { assignee_id: assignee });
      expect([res.status, res.body.error.details.fields]).toEqual([400, { assignee_id: 'validation:support.assigneeInvalid' }]);
    }
    const bad = await assign(support, id, { assignee_id: 'me' });
    expect([bad.status, bad.body.error.details.fields]).toEqual([400, { assignee_id: 'validation:support.assigneeInvalid' }]);
    expect(await ctx.db('support_conversations').where({ id }).first('assigned_to_user_id')).toEqual({ assigned_to_user_id: null });
    const refused = await ctx.db('audit_log').where({ action: 'support.assigned', outcome: 'refused' }).select('error_code');
    expect(refused.map((row) => row.error_code)).toEqual(['staff_read_only', 'validation_failed', 'validation_failed', 'validation_failed', 'validation_failed']);
  });

  it('lists the assignable staff: active support and superadmin members only', async () => {
    const res = await request(ctx.app).get('/api/staff/support/assignees').set(bearer(support));
    expect(res.status).toBe(200);
    expect(res.body.data.map((row: { email: string }) => row.email).sort()).toEqual(['admin@demo.test', 'support@demo.test']);
  });

  it('shows since when a thread waits for an answer, against the target, and sorts by age or waiting time; filters by assignee', async () => {
    const first = await open(my, 'First');
    ctx.clock.advance(2 * HOUR);
    const second = await open(sg, 'Second');
    ctx.clock.advance(HOUR);
    // Answered: no longer waiting.
    await request(ctx.app).post(`/api/staff/support/${first}/replies`).set(bearer(support)).send({ message: 'On it' });
    ctx.clock.advance(HOUR);
    const third = await open(my, 'Third');
    const all = await inbox(support);
    expect(all.body.reply_target_hours).toBe(24);
    const byId = new Map(all.body.data.map((row: { id: number }) => [row.id, row]));
    const createdSecond = (byId.get(second) as { created_at: number }).created_at;
    expect(byId.get(first)).toMatchObject({ awaiting_reply_since: null });
    expect(byId.get(second)).toMatchObject({ awaiting_reply_since: createdSecond });
    expect(all.body.data.map((row: { id: number }) => row.id)).toEqual([third, first, second]);
    expect((await inbox(support, { sort: 'age' })).body.data.map((row: { id: number }) => row.id)).toEqual([first, second, third]);
    expect((await inbox(support, { sort: 'waiting' })).body.data.map((row: { id: number }) => row.id)).toEqual([second, third, first]);
    // The merchant writes again after the answer: the thread waits from that message.
    ctx.clock.advance(HOUR);
    await request(ctx.app).post(`/api/support/conversations/${first}/messages`).set(bearer(my)).send({ message: 'Any news?' });
    const again = (await inbox(support, { sort: 'waiting' })).body.data;
    expect(again.map((row: { id: number }) => row.id)).toEqual([second, third, first]);
    expect(again[2].awaiting_reply_since).toBe(again[1].awaiting_reply_since + HOUR);

    await assign(support, second);
    await assign(support, third, { assignee_id: adminId });
    expect((await inbox(support, { assigned: 'me' })).body.data.map((row: { id: number }) => row.id)).toEqual([second]);
    expect((await inbox(support, { assigned: 'none' })).body.data.map((row: { id: number }) => row.id)).toEqual([first]);
    expect((await inbox(support, { assignee_id: String(adminId) })).body.data.map((row: { id: number }) => row.id)).toEqual([third]);
    const invalid = await inbox(support, { sort: 'oldest', assigned: 'them' });
    expect(invalid.body.error.details.fields).toEqual({ sort: 'validation:support.sortInvalid', assigned: 'validation:support.assignedInvalid' });
  });

  it('lets read-only staff read a thread without marking it read for the team', async () => {
    const id = await open(my, 'Unread stays unread');
    const readonly = await tokenFor(ctx, 'readonly@demo.test');
    expect((await request(ctx.app).get(`/api/staff/support/${id}`).set(bearer(readonly))).status).toBe(200);
    expect((await request(ctx.app).get('/api/staff/support/unread-count').set(bearer(support))).body).toEqual({ unread: 1 });
  });
});
