import request from 'supertest';
import { CSRF, createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

/**
 * Issue 26 item 5: a NUL in the staff directory's search answered 500 (SQLite's full-text query ends at it,
 * "unterminated string"; PostgreSQL text cannot hold it at all). Search texts refuse control characters; any
 * other NUL in a path, query or body, on any route, is refused before it reaches SQL. Both answer 400 naming
 * the field, with a key every language translates.
 */
describe.each(testDatabases)('text that no store or index can take (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let merchant: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    [support, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'merchant-my@demo.test')]);
  });
  afterAll(async () => ctx.close());

  const refusedField = (res: request.Response) => ({ status: res.status, fields: res.body?.error?.details?.fields });

  it.each(['a%00b', 'ab%00', 'abc%00def', '%00%00%00'])('refuses a NUL in the directory search (q=%s) with a field error, not a 500', async (q) => {
    const res = await request(ctx.app).get(`/api/staff/merchants?q=${q}`).set(bearer(support));
    expect(refusedField(res)).toEqual({ status: 400, fields: { q: 'validation:common.controlCharacters' } });
  });

  it("refuses the index's own separator (U+001F), which would match every text ending in the letters before it", async () => {
    const row = await ctx.db('merchants').whereNotNull('search_text').orderBy('id').first('search_text');
    const tail = encodeURIComponent(String(row.search_text).slice(-2));
    const res = await request(ctx.app).get(`/api/staff/merchants?q=${tail}%1F`).set(bearer(support));
    expect(refusedField(res)).toEqual({ status: 400, fields: { q: 'validation:common.controlCharacters' } });
  });

  it('still searches text that is full-text query syntax', async () => {
    for (const q of ['%22', 'a%22b', '*', 'kedai*', 'NEAR(kedai)', 'kedai%20OR%20x', '%25', '_', '%5C']) {
      const res = await request(ctx.app).get(`/api/staff/merchants?q=${q}`).set(bearer(support));
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
    const found = await request(ctx.app).get('/api/staff/merchants?q=kedai%20aisyah').set(bearer(support));
    expect(found.body.data.map((row: { owner_email: string }) => row.owner_email)).toEqual(['merchant-my@demo.test']);
  });

  it('refuses a NUL in the other search and filter texts staff send', async () => {
    const store = await request(ctx.app).get('/api/merchants?search=a%00b').set(bearer(support));
    expect(refusedField(store)).toEqual({ status: 400, fields: { search: 'validation:common.controlCharacters' } });
    const audit = await request(ctx.app).get('/api/staff/audit?action=a%00b').set(bearer(support));
    expect(refusedField(audit)).toEqual({ status: 400, fields: { action: 'validation:common.controlCharacters' } });
  });

  it('refuses a NUL in a path parameter and in a body field before any SQL reads or stores it', async () => {
    const invoice = await request(ctx.app).get('/api/invoices/in_a%00b').set(bearer(merchant));
    expect(refusedField(invoice)).toEqual({ status: 400, fields: { ref: 'validation:common.controlCharacters' } });
    const before = await ctx.db('support_messages').count({ n: '*' }).first();
    const message = await request(ctx.app).post('/api/support/conversations').set(CSRF).set(bearer(merchant)).send({ subject: 'Help', message: 'a\u0000b' });
    expect(refusedField(message)).toEqual({ status: 400, fields: { message: 'validation:common.controlCharacters' } });
    expect(await ctx.db('support_messages').count({ n: '*' }).first()).toEqual(before);
  });
});
