import request from 'supertest';
import { createTestContext, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';
const NOTE = 'Internal: chargeback risk, check with finance';

describe.each(testDatabases)('internal notes in a support conversation (%s)', (kind) => {
  let ctx: TestContext;
  let my: string;
  let support: string;
  let admin: string;
  let conversationId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [my, support, admin] = await Promise.all([tokenFor(ctx, MY), tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test')]);
    const opened = await request(ctx.app).post('/api/support/conversations').set(bearer(my)).send({ subject: 'Charged twice', message: 'Please check' });
    conversationId = opened.body.data.id as number;
  });
  afterEach(async () => ctx.close());

  const addNote = (token: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/staff/support/${conversationId}/internal-notes`).set(bearer(token)).send(body);

  it('shows staff the note with its author, marked apart from the messages, and audits it', async () => {
    const res = await addNote(support, { message: `  ${NOTE}  ` });
    expect(res.status).toBe(201);
    expect(res.body.data.internal_notes).toEqual([{ id: expect.any(Number), author_name: expect.any(String), body: NOTE, created_at: expect.any(Number) }]);
    expect(res.body.data.messages).toHaveLength(1);
    await addNote(admin, { message: 'Second note' });
    const detail = await request(ctx.app).get(`/api/staff/support/${conversationId}`).set(bearer(support));
    expect(detail.body.data.internal_notes.map((note: { body: string }) => note.body)).toEqual([NOTE, 'Second note']);
    const audit = await ctx.db('audit_log').where({ action: 'support.internal_note' }).orderBy('id').select('actor_user_id', 'merchant_id', 'actor_role', 'reason');
    const merchantId = Number((await ctx.db('support_conversations').where({ id: conversationId }).first('merchant_id')).merchant_id);
    expect(audit).toEqual([
      { actor_user_id: ctx.demo.get('support@demo.test')?.userId, merchant_id: merchantId, actor_role: 'support', reason: null },
      { actor_user_id: ctx.demo.get('admin@demo.test')?.userId, merchant_id: merchantId, actor_role: 'superadmin', reason: null },
    ]);
  });

  it("never returns a note from any merchant call, e-mails nothing and changes neither state nor the merchant's unread mark", async () => {
    const sentBefore = (await mailbox(ctx, MY)).length;
    await addNote(support, { message: NOTE });
    const thread = await request(ctx.app).get(`/api/support/conversations/${conversationId}`).set(bearer(my));
    expect(thread.status).toBe(200);
    expect(thread.body.data).not.toHaveProperty('internal_notes');
    expect(thread.body.data.messages.map((message: { body: string }) => message.body)).toEqual(['Please check']);
    expect(thread.body.data.state).toBe('open');
    const followUp = await request(ctx.app).post(`/api/support/conversations/${conversationId}/messages`).set(bearer(my)).send({ message: 'Any news?' });
    const merchantCalls = [
      thread,
      followUp,
      await request(ctx.app).get('/api/support/conversations').set(bearer(my)),
      await request(ctx.app).get('/api/support/unread').set(bearer(my)),
      await request(ctx.app).get('/api/users/staff-access').set(bearer(my)),
    ];
    for (const res of merchantCalls) expect(JSON.stringify(res.body)).not.toContain('chargeback risk');
    expect((await request(ctx.app).get('/api/support/unread').set(bearer(my))).body).toEqual({ unread: 0 });
    expect((await mailbox(ctx, MY)).length).toBe(sentBefore);
  });

  it('refuses a read-only staff member (403 staff_read_only) but shows them the notes', async () => {
    const readonly = await tokenFor(ctx, 'readonly@demo.test');
    await addNote(support, { message: NOTE });
    const res = await addNote(readonly, { message: 'not allowed' });
    expect([res.status, res.body.error.code]).toEqual([403, 'staff_read_only']);
    const detail = await request(ctx.app).get(`/api/staff/support/${conversationId}`).set(bearer(readonly));
    expect(detail.body.data.internal_notes.map((note: { body: string }) => note.body)).toEqual([NOTE]);
  });

  it('takes a note on a closed conversation too', async () => {
    await request(ctx.app).post(`/api/staff/support/${conversationId}/close`).set(bearer(support));
    expect((await addNote(support, { message: 'Closed after the call' })).status).toBe(201);
  });

  it('refuses merchants (also before reading the input), bad input and unknown conversations, writing nothing', async () => {
    expect((await addNote(my, { message: NOTE })).status).toBe(403);
    expect((await addNote(my, {})).status).toBe(403);
    expect((await request(ctx.app).post(`/api/staff/support/${conversationId}/internal-notes`).send({ message: NOTE })).status).toBe(401);
    const empty = await addNote(support, { message: ' ' });
    expect([empty.status, empty.body.error.details.fields.message]).toEqual([400, 'validation:staff.noteRequired']);
    const long = await addNote(support, { message: 'x'.repeat(2001) });
    expect([long.status, long.body.error.details.fields.message]).toEqual([400, 'validation:staff.noteTooLong']);
    expect((await request(ctx.app).post('/api/staff/support/999999/internal-notes').set(bearer(support)).send({ message: NOTE })).status).toBe(404);
    expect((await request(ctx.app).post('/api/staff/support/abc/internal-notes').set(bearer(support)).send({ message: NOTE })).status).toBe(400);
    expect(Number((await ctx.db('support_internal_notes').count({ n: '*' }).first())?.n)).toBe(0);
  });
});
