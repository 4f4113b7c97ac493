import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

describe.each(testDatabases)('lists and helpers (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists the five markets with their dial codes', async () => {
    const res = await request(ctx.app).get('/api/countries');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { iso_code: string; dial_code: string }) => `${c.iso_code}+${c.dial_code}`)).toEqual(['MY+60', 'SG+65', 'PH+63', 'TH+66', 'TW+886']);
  });

  it("sends each country's name in the four other languages, so a page asks the browser for no region names (issue 30)", async () => {
    const countries = (await request(ctx.app).get('/api/countries')).body.data as { iso_code: string; translations: Record<string, string> }[];
    expect(countries.find((c) => c.iso_code === 'TW')?.translations).toEqual({ ms: 'Taiwan', zh: '台湾', zhtw: '台灣', th: 'ไต้หวัน' });
    expect(countries.find((c) => c.iso_code === 'TH')?.translations).toMatchObject({ zhtw: '泰國', th: 'ไทย' });
    const settings = (await request(ctx.app).get('/api/trial/getSettings')).body.data.countries as { iso_code: string; translations: Record<string, string> }[];
    expect(settings.find((c) => c.iso_code === 'MY')?.translations).toMatchObject({ zh: '马来西亚', th: 'มาเลเซีย' });
  });

  it('lists the states of a country under data.states', async () => {
    const countries = (await request(ctx.app).get('/api/countries')).body.data as { id: number; iso_code: string }[];
    const my = countries.find((c) => c.iso_code === 'MY') as { id: number };
    const res = await request(ctx.app).get(`/api/countries/${my.id}/states`);
    expect(res.body.data.states).toHaveLength(16);
    expect(res.body.data.states.map((s: { name: string }) => s.name)).toContain('Selangor');
    const th = countries.find((c) => c.iso_code === 'TH') as { id: number };
    expect((await request(ctx.app).get(`/api/countries/${th.id}/states`)).body.data.states).toHaveLength(77);
  });

  it('answers 404 for an unknown country and 400 for a malformed id', async () => {
    expect((await request(ctx.app).get('/api/countries/999/states')).status).toBe(404);
    const bad = await request(ctx.app).get('/api/countries/abc/states');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toHaveProperty('id');
  });

  it('lists phone codes', async () => {
    const res = await request(ctx.app).get('/api/countries/getPhoneCode');
    expect(res.body.data.find((c: { iso_code: string }) => c.iso_code === 'TW')).toMatchObject({ dial_code: '886', phone_code: '+886' });
  });

  it.each([
    [{ 'CF-IPCountry': 'TW' }, { country: 'TW', locale: 'zhtw' }],
    [{ 'X-Country-Code': 'th' }, { country: 'TH', locale: 'en' }],
    [{ 'CF-IPCountry': 'US' }, { country: 'MY', locale: 'en' }],
    [{}, { country: 'MY', locale: 'en' }],
  ])('reads the visitor country from the proxy header %j', async (headers, expected) => {
    const res = await request(ctx.app).get('/api/ip-country').set(headers);
    expect(res.body.data).toEqual(expected);
  });

  it('serves the market banner when there is one, else the banner for every market', async () => {
    const tw = await request(ctx.app).get('/api/login-banner').query({ locale: 'zhtw', country: 'TW' });
    expect(tw.body.data.banner_type).toBe(1);
    expect(tw.body.data.images_details).toHaveLength(2);
    const my = await request(ctx.app).get('/api/login-banner').query({ country: 'MY' });
    expect(my.body.data).toMatchObject({ banner_type: 0 });
    expect(my.body.data.images_details[0]).toEqual({ banner_image: '/api/banner-art/login-all-1.svg', background_image: '/api/banner-art/login-all-1-bg.svg', link: null });
    const art = await request(ctx.app).get(my.body.data.images_details[0].banner_image);
    expect(art.status).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');
    const signup = await request(ctx.app).get('/api/signup-banner');
    expect(signup.body.data.images_details).toHaveLength(3);
    expect((await request(ctx.app).get('/api/login-banner').query({ country: 'US' })).status).toBe(400);
  });

  it('draws the banner headline in the page language (issue 16 #5: the zhtw sign-in banner was English)', async () => {
    const tw = await request(ctx.app).get('/api/login-banner').query({ locale: 'zh-TW', country: 'TW' });
    const image = tw.body.data.images_details[0].banner_image as string;
    expect(image).toMatch(/\?locale=zhtw$/);
    const art = await request(ctx.app).get(image);
    expect(art.status).toBe(200);
    expect(String(art.body)).toContain('在一個地方管理所有商店');
    const th = await request(ctx.app).get('/api/banner-art/signup-all-1.svg').query({ locale: 'th' });
    expect(String(th.body)).toContain('เริ่มทดลองใช้ฟรี');
    // No locale, or one the product does not speak: English, as before.
    expect(String((await request(ctx.app).get('/api/banner-art/login-all-1.svg')).body)).toContain('Run every store from one place');
    expect(String((await request(ctx.app).get('/api/banner-art/login-all-1.svg').query({ locale: 'xx' })).body)).toContain('Run every store from one place');
  });

  it('checks whether an e-mail is free', async () => {
    expect((await request(ctx.app).get('/api/check-email/free@shop.test')).body).toEqual({ success: true, available: true });
    const taken = await request(ctx.app).get('/api/check-email/Merchant-MY@demo.test');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Email have been used');
    expect((await request(ctx.app).get('/api/check-email/not-an-email')).status).toBe(400);
  });

  it('lists shop categories', async () => {
    const res = await request(ctx.app).get('/api/shop-category');
    expect(res.body.data[0]).toEqual({ id: 1, name: 'Clothing & Accessories', translations: { ms: 'Pakaian & Aksesori', zh: '服装与配饰', zhtw: '服飾與配件', th: 'เสื้อผ้าและเครื่องประดับ' } });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(ctx.app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await request(ctx.app).get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const login = res.body.paths['/api/erpSubmitOTP'].post;
    expect(login.requestBody.content['application/json'].schema.properties.code).toMatchObject({ type: 'string', pattern: '^\\d{6}$' });
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/trial/verify', '/api/countries/{id}/states', '/api/dev/mailbox']));
    const html = await request(ctx.app).get('/api/docs');
    expect(html.text).toContain('/api/forgot-password/change');
  });

  it('sends helmet security headers and a request id', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
  });
});
