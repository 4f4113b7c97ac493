import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { CSRF, createTestContext, signIn, type TestContext } from '../../test-support/test-app';

/** The one error shape every refusal has (README "Errors"). */
const expectStandardError = (res: request.Response, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error: { code, message: expect.any(String), key: expect.stringMatching(/^\w+:/) }, message: expect.any(String), key: expect.any(String) });
};

describe('malformed requests are the client’s fault (4xx), never a server error', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    // A built back office, so the SPA fallback and static files take part.
    const spa = path.join(ctx.config.staticRoot, 'merchant-backoffice');
    fs.mkdirSync(spa, { recursive: true });
    fs.writeFileSync(path.join(spa, 'index.html'), '<!doctype html><title>back office</title>');
    const withStatic = await createTestContext('sqlite', { env: { STATIC_ROOT: ctx.config.staticRoot } });
    await ctx.close();
    ctx = withStatic;
  });
  afterAll(async () => ctx.close());

  it.each(['/api/check-email/%', '/api/check-email/%E0%A4%A', '/%', '/staff/%zz', '/api/uploads/%'])('GET %s answers 400 or 404 with the standard body', async (url) => {
    const res = await request(ctx.app).get(url);
    expect([400, 404]).toContain(res.status);
    expectStandardError(res, res.status, res.status === 400 ? 'bad_request' : 'not_found');
  });

  it('names a field a schema checked without a message key by a key the client can translate', async () => {
    const res = await request(ctx.app).get('/api/forgot-password/token/short');
    expectStandardError(res, 400, 'validation_failed');
    expect(res.body.error.details.fields).toEqual({ token: 'validation:common.invalidInput' });
  });

  it('refuses a body that claims gzip but is not', async () => {
    const res = await request(ctx.app).post('/api/login').set(CSRF).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"email":"a@b.test","password":"x"}');
    expectStandardError(res, 400, 'bad_request');
  });

  it.each(['br', 'deflate', 'compress'])('refuses a body with a broken or unknown %s encoding', async (encoding) => {
    const res = await request(ctx.app).post('/api/login').set(CSRF).set('Content-Type', 'application/json').set('Content-Encoding', encoding).send('{"email":"a@b.test"}');
    expectStandardError(res, 400, 'bad_request');
  });

  it('refuses an ECPay notification with a lone surrogate, as JSON or form', async () => {
    const json = await request(ctx.app).post('/api/ecpay/notify').set(CSRF).send({ MerchantID: '3002607', RtnCode: '1', TradeNo: '\ud800', CheckMacValue: 'A'.repeat(64) });
    expect(json.status).toBe(400);
    expect(json.text).toMatch(/^0\|/);
    const form = await request(ctx.app).post('/api/ecpay/notify').type('form').send(`MerchantID=3002607&RtnCode=1&TradeNo=${encodeURIComponent('x')}%ED%A0%80&CheckMacValue=${'A'.repeat(64)}`);
    expect(form.status).toBe(400);
  });

  it.each(['/api/sandbox/ecpay/cashier', '/api/sandbox/ecpay/cashier/complete'])('the sandbox cashier %s refuses a lone surrogate with its 400 page', async (url) => {
    const res = await request(ctx.app).post(url).set(CSRF).send({ MerchantID: '3002607', MerchantTradeNo: '\udc00x', outcome: 'paid', CheckMacValue: 'A'.repeat(64) });
    expect(res.status).toBe(400);
    expect(res.text).toContain('CheckMacValue Error');
  });

  const brokenForms: Array<[string, string, string]> = [
    ['a part cut short', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="storeImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'],
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['a part without headers', 'multipart/form-data; boundary=XYZ', '--XYZ\r\n\r\nvalue\r\n--XYZ--'],
  ];

  it.each(brokenForms)('POST /api/create-merchant with %s answers 400', async (_name, contentType, body) => {
    const res = await request(ctx.app).post('/api/create-merchant').set(CSRF).set('Content-Type', contentType).send(body);
    expectStandardError(res, 400, 'bad_request');
  });

  it.each(brokenForms)('the avatar upload with %s answers 400', async (_name, contentType, body) => {
    const { token } = await signIn(ctx, 'skip-otp@demo.test');
    const userId = ctx.demo.get('skip-otp@demo.test')?.userId as number;
    const res = await request(ctx.app).post(`/api/users/${userId}/avatar`).set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(body);
    expectStandardError(res, 400, 'bad_request');
  });
});
