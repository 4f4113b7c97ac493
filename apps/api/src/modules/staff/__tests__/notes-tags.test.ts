import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';

describe.each(testDatabases)('staff notes and tags on a merchant (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  let myUser: number;
  let sgUser: number;
  let supportId: number;
  let adminId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, MY)]);
    myUser = ctx.demo.get(MY)?.userId as number;
    sgUser = ctx.demo.get(SG)?.userId as number;
    supportId = ctx.demo.get('support@demo.test')?.userId as number;
    adminId = ctx.demo.get('admin@demo.test')?.userId as number;
  });
  afterEach(async () => ctx.close());

  const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string, token: string, body?: Record<string, unknown>) => {
    const call = request(ctx.app)[method](`/api${path}`).set(bearer(token));
    return body === undefined ? call : call.send(body);
  };
  const merchantIdOf = async (userId: number) => Number((await ctx.db('merchants').where({ owner_user_id: userId }).first('id')).id);
  const auditOf = async (action: string) => ctx.db('audit_log').where({ action }).orderBy('id').select('actor_user_id', 'merchant_id', 'actor_role', 'outcome', 'error_code', 'reason', 'details', 'before_summary', 'after_summary');
  const count = async (table: string) => Number((await ctx.db(table).count({ n: '*' }).first())?.n ?? 0);
  const addNote = async (token: string, body = 'Prefers WhatsApp; call after 2pm') => {
    const res = await api('post', `/staff/merchants/${myUser}/notes`, token, { body });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; body: string; pinned: boolean; author: { id: number }; created_at: number; edited_at: number | null };
  };

  it('adds a note with its author and time, lists pinned notes first, and audits both identities', async () => {
    const first = await addNote(support, '  First note  ');
    expect(first).toMatchObject({ body: 'First note', pinned: false, author: { id: supportId, email: 'support@demo.test' }, edited_at: null });
    expect(first.created_at).toEqual(expect.any(Number));
    const second = await addNote(admin, 'Second note');
    const pinned = await api('post', `/staff/merchants/${myUser}/notes/${first.id}/pin`, admin, { pinned: true });
    expect([pinned.status, pinned.body.data.pinned]).toEqual([200, true]);
    const list = await api('get', `/staff/merchants/${myUser}/notes`, support);
    expect(list.body.data.map((note: { id: number }) => note.id)).toEqual([first.id, second.id]);

    const merchantId = await merchantIdOf(myUser);
    expect(await auditOf('merchant.note_added')).toEqual([
      expect.objectContaining({ actor_user_id: supportId, merchant_id: merchantId, actor_role: 'support', outcome: 'succeeded', reason: null }),
      expect.objectContaining({ actor_user_id: adminId, merchant_id: merchantId, actor_role: 'superadmin', outcome: 'succeeded' }),
    ]);
    expect(await auditOf('merchant.note_pinned')).toEqual([expect.objectContaining({ actor_user_id: adminId, merchant_id: merchantId, before_summary: JSON.stringify({ pinned: false }), after_summary: JSON.stringify({ pinned: true }) })]);
    const unpin = await api('post', `/staff/merchants/${myUser}/notes/${first.id}/pin`, support, { pinned: false });
    expect(unpin.body.data.pinned).toBe(false);
    expect(await auditOf('merchant.note_unpinned')).toHaveLength(1);
  });

  it('lets only the author edit a note, and keeps the old text in the audit entry', async () => {
    const note = await addNote(support, 'Old text');
    const edited = await api('patch', `/staff/merchants/${myUser}/notes/${note.id}`, support, { body: 'New text' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ body: 'New text', edited_at: expect.any(Number) });
    expect(await auditOf('merchant.note_edited')).toEqual([expect.objectContaining({ actor_user_id: supportId, before_summary: JSON.stringify({ note: 'Old text' }), after_summary: JSON.stringify({ note: 'New text' }) })]);

    // A superadmin may not rewrite what someone else wrote; the refusal is recorded.
    const refused = await api('patch', `/staff/merchants/${myUser}/notes/${note.id}`, admin, { body: 'Rewritten' });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
    expect((await ctx.db('merchant_notes').where({ id: note.id }).first('body')).body).toBe('New text');
    expect(await auditOf('merchant.note_edited')).toEqual([expect.anything(), expect.objectContaining({ actor_user_id: adminId, outcome: 'refused', error_code: 'forbidden' })]);
  });

  it('lets the author or a superadmin delete a note, and refuses another support member', async () => {
    const byAdmin = await addNote(admin, 'Admin wrote this');
    const refused = await api('delete', `/staff/merchants/${myUser}/notes/${byAdmin.id}`, support);
    expect(refused.status).toBe(403);
    expect(await count('merchant_notes')).toBe(1);
    expect(await auditOf('merchant.note_deleted')).toEqual([expect.objectContaining({ actor_user_id: supportId, outcome: 'refused', error_code: 'forbidden' })]);

    const bySupport = await addNote(support, 'Support wrote this');
    expect((await api('delete', `/staff/merchants/${myUser}/notes/${bySupport.id}`, admin)).status).toBe(200);
    expect((await api('delete', `/staff/merchants/${myUser}/notes/${byAdmin.id}`, admin)).status).toBe(200);
    expect(await count('merchant_notes')).toBe(0);
    const deleted = (await auditOf('merchant.note_deleted')).filter((row) => row.outcome === 'succeeded');
    expect(deleted.map((row) => JSON.parse(String(row.before_summary)).note)).toEqual(['Support wrote this', 'Admin wrote this']);
  });

  it("answers 404 for a note of another merchant, an unknown note, and a malformed id", async () => {
    const note = await addNote(support);
    expect((await api('patch', `/staff/merchants/${sgUser}/notes/${note.id}`, support, { body: 'x' })).status).toBe(404);
    expect((await api('delete', `/staff/merchants/${sgUser}/notes/${note.id}`, support)).status).toBe(404);
    expect((await api('post', `/staff/merchants/${myUser}/notes/999999/pin`, support, { pinned: true })).status).toBe(404);
    expect((await api('delete', `/staff/merchants/${myUser}/notes/abc`, support)).status).toBe(404);
    expect((await api('get', '/staff/merchants/999999/notes', support)).status).toBe(404);
  });

  it('refuses bad note input with field errors and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'validation:staff.noteRequired'],
      [{ body: '   ' }, 'validation:staff.noteRequired'],
      [{ body: 'x'.repeat(2001) }, 'validation:staff.noteTooLong'],
      [{ body: 42 }, 'validation:staff.noteRequired'],
      [{ body: 'bell\u0007' }, 'validation:common.controlCharacters'],
    ];
    for (const [body, key] of cases) {
      const res = await api('post', `/staff/merchants/${myUser}/notes`, support, body);
      expect([res.status, res.body.error.details.fields.body]).toEqual([400, key]);
    }
    expect((await api('post', `/staff/merchants/${myUser}/notes`, support, { body: 'line one\nline two' })).status).toBe(201);
    const note = (await ctx.db('merchant_notes').first('id')).id as number;
    const pin = await api('post', `/staff/merchants/${myUser}/notes/${note}/pin`, support, { pinned: 'yes' });
    expect([pin.status, pin.body.error.details.fields.pinned]).toEqual([400, 'validation:staff.pinnedInvalid']);
    expect(await count('merchant_notes')).toBe(1);
  });

  it('refuses the 201st note of a merchant (409 note_limit_reached)', async () => {
    const merchantId = await merchantIdOf(myUser);
    await ctx.db('merchant_notes').insert(Array.from({ length: 200 }, (_, i) => ({ merchant_id: merchantId, author_user_id: supportId, body: `n${i}`, pinned: false, created_at: 1 })));
    const res = await api('post', `/staff/merchants/${myUser}/notes`, support, { body: 'one more' });
    expect([res.status, res.body.error.code]).toEqual([409, 'note_limit_reached']);
    expect(await count('merchant_notes')).toBe(200);
  });

  it('refuses merchant tokens on every note and tag call before reading the input', async () => {
    const note = await addNote(support);
    const calls: ['get' | 'post' | 'patch' | 'delete', string, Record<string, unknown>?][] = [
      ['get', `/staff/merchants/${myUser}/notes`],
      ['post', `/staff/merchants/${myUser}/notes`, { body: '' }],
      ['patch', `/staff/merchants/${myUser}/notes/${note.id}`, { body: 'x' }],
      ['post', `/staff/merchants/${myUser}/notes/${note.id}/pin`, { pinned: true }],
      ['delete', `/staff/merchants/${myUser}/notes/${note.id}`],
      ['post', `/staff/merchants/${myUser}/tags`, { tag: '' }],
      ['delete', `/staff/merchants/${myUser}/tags/vip`],
      ['get', '/staff/tags'],
      ['get', '/staff/merchants?tag=vip'],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, merchant, body);
      expect([path, res.status]).toEqual([path, 403]);
      expect((await request(ctx.app)[method](`/api${path}`)).status).toBe(401);
    }
    expect(await count('merchant_notes')).toBe(1);
  });

  it('lets a read-only staff member read notes and tags and refuses every change (403 staff_read_only, recorded)', async () => {
    const readonly = await tokenFor(ctx, 'readonly@demo.test');
    const note = await addNote(support);
    await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: 'vip' });
    expect((await api('get', `/staff/merchants/${myUser}/notes`, readonly)).body.data).toHaveLength(1);
    expect((await api('get', '/staff/tags', readonly)).status).toBe(200);
    expect((await api('get', '/staff/merchants?tag=vip', readonly)).body.data).toHaveLength(1);
    const writes: ['post' | 'patch' | 'delete', string, Record<string, unknown>?][] = [
      ['post', `/staff/merchants/${myUser}/notes`, { body: 'x' }],
      ['patch', `/staff/merchants/${myUser}/notes/${note.id}`, { body: 'x' }],
      ['post', `/staff/merchants/${myUser}/notes/${note.id}/pin`, { pinned: true }],
      ['delete', `/staff/merchants/${myUser}/notes/${note.id}`],
      ['post', `/staff/merchants/${myUser}/tags`, { tag: 'x' }],
      ['delete', `/staff/merchants/${myUser}/tags/vip`],
    ];
    for (const [method, path, body] of writes) {
      const res = await api(method, path, readonly, body);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'staff_read_only']);
    }
    expect(await count('merchant_notes')).toBe(1);
    expect(await count('merchant_tags')).toBe(1);
    const refused = await ctx.db('audit_log').where({ outcome: 'refused', error_code: 'staff_read_only' }).count({ n: '*' }).first();
    expect(Number(refused?.n)).toBeGreaterThan(0);
  });

  it("never shows the merchant a note or tag in its own view of staff access", async () => {
    const note = await addNote(support, 'Secret: suspected reseller');
    await api('post', `/staff/merchants/${myUser}/notes/${note.id}/pin`, support, { pinned: true });
    await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: 'watch-list' });
    const access = await api('get', '/users/staff-access', merchant);
    expect(access.status).toBe(200);
    expect(JSON.stringify(access.body)).not.toMatch(/note|tag|reseller|watch-list/);
  });

  it('normalises tags, ignores a repeat, shows them on the merchant and its directory row, and audits changes', async () => {
    const added = await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: '  Key Account ' });
    expect([added.status, added.body]).toEqual([200, { tags: ['key-account'] }]);
    await api('post', `/staff/merchants/${myUser}/tags`, admin, { tag: 'ＶＩＰ' });
    const again = await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: 'vip' });
    expect(again.body).toEqual({ tags: ['key-account', 'vip'] });
    expect(await auditOf('merchant.tag_added')).toEqual([
      expect.objectContaining({ actor_user_id: supportId, merchant_id: await merchantIdOf(myUser), details: JSON.stringify({ tag: 'key-account' }), reason: null }),
      expect.objectContaining({ actor_user_id: adminId, details: JSON.stringify({ tag: 'vip' }) }),
    ]);

    expect((await api('get', `/staff/merchants/${myUser}`, support)).body.merchant.tags).toEqual(['key-account', 'vip']);
    const directory = await api('get', '/staff/merchants', support);
    const row = directory.body.data.find((r: { user_id: number }) => r.user_id === myUser);
    expect(row.tags).toEqual(['key-account', 'vip']);
    expect(directory.body.data.find((r: { user_id: number }) => r.user_id === sgUser).tags).toEqual([]);

    const removed = await api('delete', `/staff/merchants/${myUser}/tags/VIP`, support);
    expect([removed.status, removed.body]).toEqual([200, { tags: ['key-account'] }]);
    expect(await auditOf('merchant.tag_removed')).toEqual([expect.objectContaining({ actor_user_id: supportId, before_summary: JSON.stringify({ tag: 'vip' }) })]);
    expect((await api('delete', `/staff/merchants/${myUser}/tags/vip`, support)).status).toBe(404);
  });

  it('refuses bad tags with field errors and the 21st tag with 409 tag_limit_reached', async () => {
    const cases: [unknown, string][] = [
      ['', 'validation:staff.tagRequired'],
      ['   ', 'validation:staff.tagRequired'],
      ['x'.repeat(33), 'validation:staff.tagTooLong'],
      ['-dash-first', 'validation:staff.tagInvalid'],
      ['semi;colon', 'validation:staff.tagInvalid'],
      ['<b>', 'validation:staff.tagInvalid'],
      [7, 'validation:staff.tagRequired'],
    ];
    for (const [tag, key] of cases) {
      const res = await api('post', `/staff/merchants/${myUser}/tags`, support, { tag });
      expect([tag, res.status, res.body.error.details.fields.tag]).toEqual([tag, 400, key]);
    }
    const badFilter = await api('get', '/staff/merchants?tag=%3Cb%3E', support);
    expect([badFilter.status, badFilter.body.error.details.fields.tag]).toEqual([400, 'validation:staff.tagInvalid']);
    expect((await api('delete', `/staff/merchants/${myUser}/tags/${'x'.repeat(40)}`, support)).status).toBe(400);

    for (let i = 0; i < 20; i += 1) expect((await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: `tag-${i}` })).status).toBe(200);
    const over = await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: 'one-more' });
    expect([over.status, over.body.error.code]).toEqual([409, 'tag_limit_reached']);
    expect(await count('merchant_tags')).toBe(20);
    expect(await auditOf('merchant.tag_added')).toHaveLength(21);
  });

  it('filters the directory by tag on the server, with the other filters and the cursor, and lists tags in use', async () => {
    await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: 'vip' });
    await api('post', `/staff/merchants/${sgUser}/tags`, support, { tag: 'vip' });
    await api('post', `/staff/merchants/${sgUser}/tags`, support, { tag: 'reseller' });
    const vip = await api('get', '/staff/merchants?tag=VIP', support);
    expect(vip.status).toBe(200);
    expect(vip.body.data.map((row: { user_id: number }) => row.user_id).sort()).toEqual([myUser, sgUser].sort());
    const first = await api('get', '/staff/merchants?tag=vip&limit=1', support);
    const next = await api('get', `/staff/merchants?tag=vip&limit=1&cursor=${first.body.next_cursor}`, support);
    expect([...first.body.data, ...next.body.data].map((row: { user_id: number }) => row.user_id).sort()).toEqual([myUser, sgUser].sort());
    expect(next.body.next_cursor).toBeNull();
    expect((await api('get', '/staff/merchants?tag=vip&market=SG', support)).body.data.map((row: { user_id: number }) => row.user_id)).toEqual([sgUser]);
    expect((await api('get', '/staff/merchants?tag=nobody-has-this', support)).body.data).toEqual([]);
    expect((await api('get', '/staff/tags', support)).body).toEqual({ data: [{ tag: 'vip', merchants: 2 }, { tag: 'reseller', merchants: 1 }] });
  });

  it('filters by a tag more than 2,000 merchants carry (the ordered scan) with the same answers and pages', async () => {
    // 2,100 merchants loaded and 22 pages read: longer than the suite's 30 s on a loaded machine.
    const country = (await ctx.db('countries').where({ iso_code: 'MY' }).first('id')).id as number;
    const at = new Date('2026-01-01T00:00:00Z');
    const ids = Array.from({ length: 2100 }, (_, i) => 900_000 + i);
    for (let start = 0; start < ids.length; start += 150) {
      const chunk = ids.slice(start, start + 150);
      await ctx.db('users').insert(chunk.map((id) => ({ id, name: `Bulk ${id}`, email: `bulk${id}@tags.test`, password_hash: 'x', created_at: at, updated_at: at })));
      await ctx.db('merchants').insert(chunk.map((id) => ({ id, owner_user_id: id, name: `Bulk shop ${id}`, country_id: country, currency_code: 'MYR', created_at: at, updated_at: at })));
      await ctx.db('merchant_tags').insert(chunk.map((id) => ({ merchant_id: id, tag: 'dense', added_by_user_id: supportId, created_at: 1 })));
    }
    await api('post', `/staff/merchants/${myUser}/tags`, support, { tag: 'dense' });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await api('get', `/staff/merchants?tag=dense&limit=100&sort=-name${cursor ? `&cursor=${cursor}` : ''}`, support);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((row: { user_id: number; tags: string[] }) => (expect(row.tags).toContain('dense'), row.user_id)));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(2101);
    expect(new Set(seen).size).toBe(2101);
    expect(seen).toContain(myUser);
    const firstPage = await api('get', '/staff/merchants?tag=dense&limit=3&sort=-name', support);
    const myName = String((await ctx.db('merchants').where({ owner_user_id: myUser }).first('name')).name);
    expect(firstPage.body.data.map((row: { merchant_name: string }) => row.merchant_name)).toEqual([myName, 'Bulk shop 902099', 'Bulk shop 902098']);
    expect((await api('get', '/staff/merchants?tag=dense&market=SG', support)).body.data).toEqual([]);
  }, 120_000);
});

