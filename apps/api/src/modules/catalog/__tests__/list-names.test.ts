import request from 'supertest';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

// Issue 31 #5: the store industries and shop categories have a name in every language, edited per language by
// superadmins in the console's catalog screen, checked by the server and audited with the reason like every
// catalog write; the sign-up and the wizard read them from the API.

const REASON = 'Wording agreed with the Taiwan team';
type Entry = { id: number; name: string; translations: Record<string, string> };

describe.each(testDatabases)('industry and shop category names per language (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test')]);
  });
  afterEach(async () => ctx.close());

  const lists = async (token: string) => (await request(ctx.app).get('/api/staff/catalog/lists').set(bearer(token))).body as { industries: Entry[]; shop_categories: Entry[] };
  const save = (token: string, list: string, id: number, body: object) => request(ctx.app).post(`/api/staff/catalog/lists/${list}/${id}`).set(bearer(token)).send(body);

  it('lists both lists with their names in the four other languages, for any staff member', async () => {
    const { industries, shop_categories } = await lists(support);
    expect(industries).toHaveLength(16);
    expect(industries.find((entry) => entry.name === 'Fashion')?.translations).toEqual({ ms: 'Fesyen', zh: '时尚', zhtw: '時尚', th: 'แฟชั่น' });
    expect(shop_categories.find((entry) => entry.name === 'Services')?.translations.zhtw).toBe('服務');
    const settings = await request(ctx.app).get('/api/trial/getSettings');
    expect(settings.body.data.industries.find((entry: Entry) => entry.name === 'Fashion').translations.th).toBe('แฟชั่น');
  });

  it('saves a superadmin\'s names with the reason and the names before and after in the audit log; a blank name shows English', async () => {
    const fashion = (await lists(admin)).industries.find((entry) => entry.name === 'Fashion') as Entry;
    const saved = await save(admin, 'industries', fashion.id, { translations: { ms: 'Fesyen', zh: '时装', zhtw: '時裝', th: '' }, reason: REASON });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ id: fashion.id, name: 'Fashion', translations: { ms: 'Fesyen', zh: '时装', zhtw: '時裝' } });
    const [entry] = await ctx.db('audit_log').where({ action: 'catalog.list.update' });
    expect(entry).toMatchObject({ reason: REASON, actor_role: 'superadmin' });
    expect(JSON.parse(entry.before_summary).translations.zhtw).toBe('時尚');
    expect(JSON.parse(entry.after_summary).translations).toEqual({ ms: 'Fesyen', zh: '时装', zhtw: '時裝' });
    const settings = await request(ctx.app).get('/api/trial/getSettings');
    expect(settings.body.data.industries.find((one: Entry) => one.id === fashion.id).translations).toEqual({ ms: 'Fesyen', zh: '时装', zhtw: '時裝' });
    const categories = await request(ctx.app).get('/api/shop-category');
    expect(categories.body.data[0].translations.zhtw).toBeTruthy();
  });

  it('refuses support (recorded), a missing reason, an unknown language, a long name and an unknown entry, before writing', async () => {
    const [first] = (await lists(admin)).shop_categories;
    const refused = await save(support, 'shop_categories', first.id, { translations: { zhtw: '測試' }, reason: REASON });
    expect(refused.status).toBe(403);
    expect(Number((await ctx.db('audit_log').where({ action: 'catalog.list.update', outcome: 'refused' }).count({ n: '*' }).first())?.n)).toBe(1);
    expect((await save(admin, 'shop_categories', first.id, { translations: { zhtw: '測試' } })).status).toBe(400);
    const french = await save(admin, 'shop_categories', first.id, { translations: { fr: 'Vêtements' }, reason: REASON });
    expect(french.status).toBe(400);
    const long = await save(admin, 'shop_categories', first.id, { translations: { th: 'ก'.repeat(101) }, reason: REASON });
    expect(long.body.error.details.fields['translations.th']).toBe('validation:catalog.listNameTooLong');
    expect((await save(admin, 'shop_categories', 999_999, { translations: { zhtw: '測試' }, reason: REASON })).status).toBe(404);
    expect((await save(admin, 'banners', first.id, { translations: { zhtw: '測試' }, reason: REASON })).status).toBe(400);
    expect((await lists(admin)).shop_categories[0].translations).toEqual(first.translations);
    expect(Number((await ctx.db('audit_log').where({ action: 'catalog.list.update', outcome: 'succeeded' }).count({ n: '*' }).first())?.n)).toBe(0);
  });
});
