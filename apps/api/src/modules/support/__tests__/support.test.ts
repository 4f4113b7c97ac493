import request from 'supertest';
import { createTestContext, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { escapeHtml, replyEmail } from '../support.emails';

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe.each(testDatabases)('support inbox API (%s)', (kind) => {
  let ctx: TestContext;
  let my: string;
  let sg: string;
  let support: string;
  let supportId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [my, sg, support] = await Promise.all([tokenFor(ctx, MY), tokenFor(ctx, SG), tokenFor(ctx, 'support@demo.test')]);
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const send = (token: string, body: Record<string, unknown>) => request(ctx.app).post('/api/support/conversations').set(bearer(token)).send(body);
  const count = async (table: string) => Number((await ctx.db(table).count({ n: '*' }).first())?.n ?? 0);

  it("sends a merchant's message with the spec's success text and shows it in the staff inbox as unread", async () => {
    const res = await send(my, { subject: 'Invoice question', message: 'Why was I charged twice?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Message has been sent successfully!', key: 'errors:success.messageSent', data: { subject: 'Invoice question', state: 'open' } });
    expect((await request(ctx.app).get('/api/staff/support/unread-count').set(bearer(support))).body).toEqual({ unread: 1 });
    const inbox = await request(ctx.app).get('/api/staff/support').query({ state: 'open', market: 'MY' }).set(bearer(support));
    expect(inbox.body.data).toHaveLength(1);
    expect(inbox.body.data[0]).toMatchObject({ unread: true, merchant: { name: expect.any(String), market: 'MY' }, assignee: null });
    expect((await request(ctx.app).get('/api/staff/support').query({ market: 'SG' }).set(bearer(support))).body.data).toHaveLength(0);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const empty = await send(my, { subject: ' ', message: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields).toEqual({ subject: 'validation:support.subjectRequired', message: 'validation:support.messageRequired' });
    const long = await send(my, { subject: 'x'.repeat(151), message: 'y'.repeat(5001) });
    expect(long.body.error.details.fields).toEqual({ subject: 'validation:support.subjectTooLong', message: 'validation:support.messageTooLong' });
    const filter = await request(ctx.app).get('/api/staff/support').query({ state: 'lost', market: 'US' }).set(bearer(support));
    expect(filter.body.error.details.fields).toEqual({ state: 'validation:support.stateInvalid', market: 'validation:support.marketInvalid' });
    expect(await count('support_conversations')).toBe(0);
  });

  it('takes a PNG screenshot under 2 MB and refuses other files and larger ones, writing nothing', async () => {
    const ok = await request(ctx.app).post('/api/support/conversations').set(bearer(my)).field('subject', 'Broken page').field('message', 'See the picture').attach('screenshot', PNG, { filename: 'shot.png', contentType: 'image/png' });
    expect(ok.status).toBe(201);
    const [message] = ok.body.data.messages;
    expect(message.has_screenshot).toBe(true);
    const image = await request(ctx.app).get(`/api/support/conversations/${ok.body.data.id}/messages/${message.id}/screenshot`).set(bearer(my));
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await request(ctx.app).get(`/api/staff/support/${ok.body.data.id}/messages/${message.id}/screenshot`).set(bearer(support))).status).toBe(200);
    expect((await request(ctx.app).get(`/api/support/conversations/${ok.body.data.id}/messages/${message.id}/screenshot`).set(bearer(sg))).status).toBe(404);

    const text = await request(ctx.app).post('/api/support/conversations').set(bearer(my)).field('subject', 'a').field('message', 'b').attach('screenshot', Buffer.from('<svg onload=alert(1)>'), { filename: 'x.png', contentType: 'image/png' });
    expect([text.status, text.body.error.details.fields.screenshot]).toEqual([400, 'validation:image.typeInvalid']);
    const big = await request(ctx.app).post('/api/support/conversations').set(bearer(my)).field('subject', 'a').field('message', 'b').attach('screenshot', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), { filename: 'big.png', contentType: 'image/png' });
    expect(big.status).toBe(413);
    expect(await count('support_conversations')).toBe(1);
  });

  it("shows a merchant only its own conversations (another merchant's id is not found)", async () => {
    const mine = await send(my, { subject: 'Mine', message: 'hello' });
    await send(sg, { subject: 'Theirs', message: 'hi' });
    const list = await request(ctx.app).get('/api/support/conversations').set(bearer(my));
    expect(list.body.data.map((row: { subject: string }) => row.subject)).toEqual(['Mine']);
    expect(list.body.data[0].merchant).toBeUndefined();
    const id = mine.body.data.id as number;
    expect((await request(ctx.app).get(`/api/support/conversations/${id}`).set(bearer(sg))).status).toBe(404);
    expect((await request(ctx.app).post(`/api/support/conversations/${id}/messages`).set(bearer(sg)).send({ message: 'sneaky' })).status).toBe(404);
    expect(await count('support_messages')).toBe(2);
  });

  it('refuses staff writing as a merchant and merchants reading the staff inbox', async () => {
    expect((await send(support, { subject: 'x', message: 'y' })).status).toBe(403);
    expect((await request(ctx.app).get('/api/support/conversations').set(bearer(support))).status).toBe(403);
    for (const path of ['/api/staff/support', '/api/staff/support/unread-count', '/api/staff/support/1']) {
      expect((await request(ctx.app).get(path).set(bearer(my))).status).toBe(403);
    }
    for (const path of ['/api/staff/support/1/assign', '/api/staff/support/1/replies', '/api/staff/support/1/close']) {
      expect((await request(ctx.app).post(path).set(bearer(my)).send({ message: 'x' })).status).toBe(403);
    }
  });

  it('assigns, replies (e-mail in the merchant language, escaped HTML) and closes, each audited; the merchant reads the reply', async () => {
    const sent = await send(my, { subject: XSS, message: XSS });
    const id = sent.body.data.id as number;
    const assign = await request(ctx.app).post(`/api/staff/support/${id}/assign`).set(bearer(support));
    expect(assign.body.data.assignee).toEqual({ id: supportId, name: expect.any(String) });
    expect((await request(ctx.app).get('/api/staff/support').query({ assigned: 'me' }).set(bearer(support))).body.data).toHaveLength(1);

    const empty = await request(ctx.app).post(`/api/staff/support/${id}/replies`).set(bearer(support)).send({ message: '' });
    expect([empty.status, empty.body.error.details.fields.message]).toEqual([400, 'validation:support.messageRequired']);
    const reply = await request(ctx.app).post(`/api/staff/support/${id}/replies`).set(bearer(support)).send({ message: 'We refunded the second charge.' });
    expect([reply.status, reply.body.data.state]).toEqual([201, 'answered']);

    const [mail] = await mailbox(ctx, MY);
    expect(mail.text).toContain('We refunded the second charge.');
    expect(mail.link).toBe(`http://localhost:3000/support/${id}`);

    expect((await request(ctx.app).get('/api/support/unread').set(bearer(my))).body).toEqual({ unread: 1 });
    const read = await request(ctx.app).get(`/api/support/conversations/${id}`).set(bearer(my));
    expect(read.body.data.messages.map((row: { author: string; body: string; author_name: string | null }) => [row.author, row.body, row.author_name])).toEqual([
      ['merchant', XSS, expect.any(String)],
      ['staff', 'We refunded the second charge.', null],
    ]);
    expect((await request(ctx.app).get('/api/support/unread').set(bearer(my))).body).toEqual({ unread: 0 });

    const close = await request(ctx.app).post(`/api/staff/support/${id}/close`).set(bearer(support));
    expect(close.body.data.state).toBe('closed');
    const again = await request(ctx.app).post(`/api/staff/support/${id}/replies`).set(bearer(support)).send({ message: 'late' });
    expect([again.status, again.body.error.code, again.body.key]).toEqual([409, 'conversation_closed', 'errors:support.conversationClosed']);
    expect((await request(ctx.app).post(`/api/support/conversations/${id}/messages`).set(bearer(my)).send({ message: 'more' })).status).toBe(409);

    const audit = await ctx.db('audit_log').where('action', 'like', 'support.%').orderBy('id', 'asc').select('action', 'outcome', 'actor_user_id');
    expect(audit.map((row) => [row.action, row.outcome])).toEqual([
      ['support.assigned', 'succeeded'],
      ['support.replied', 'succeeded'],
      ['support.closed', 'succeeded'],
      ['support.replied', 'refused'],
    ]);
  });

  it("escapes a merchant's markup in the reply e-mail's HTML part and uses the owner's language", () => {
    const email = replyEmail('zhtw', { subject: XSS, reply: XSS, link: 'http://localhost:3000/support/1' });
    expect(email.subject.startsWith('回覆：')).toBe(true);
    expect(email.html).not.toMatch(/<script|<img/);
    expect(email.html).toContain(escapeHtml(XSS));
  });
});
