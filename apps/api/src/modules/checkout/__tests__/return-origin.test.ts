import type { Request } from 'express';
import request from 'supertest';
import { loadConfig } from '../../../config';
import { isProductOrigin, linkBase, mayReturnTo } from '../../../http/origin';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { malaysianCheckoutForm } from '../../../test-support/checkout-helpers';
import { createTestContext, type TestContext } from '../../../test-support/test-app';

/**
 * Issue 16 #7 and #5: the browser comes back from a gateway page to the origin it left from (not PUBLIC_URL's,
 * where it has no session and no pending payment), in the language the checkout page spoke.
 */
const planId = async (ctx: TestContext, stripeId: string): Promise<number> => Number((await ctx.db('packages').where({ stripe_id: stripeId }).first('id')).id);

const fpxForm = (ctx: TestContext) => malaysianCheckoutForm(ctx, { email: 'buyer-origin@shop.test', bank: 'maybank2u' });

describe('links the browser follows back into the product', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterEach(async () => ctx.close());

  it('returns an FPX buyer to the host and language the checkout was opened in', async () => {
    const started = await request(ctx.app).post('/api/create-merchant/fpx').set('Host', 'shop.example:8080').send({ ...(await fpxForm(ctx)), locale: 'zh-TW' });
    expect(started.status).toBe(201);
    const back = await request(ctx.app).post(`/api/sandbox/fpx/${started.body.payment_intent_id}/complete`).set('Host', 'shop.example:8080').type('form').send({ outcome: 'succeeded' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.location as string);
    expect(location.origin).toBe('http://shop.example:8080');
    expect(location.pathname).toMatch(/^\/subscribe-payment\/\d+$/);
    expect(location.searchParams.get('locale')).toBe('zh-TW');
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
  });

  it("sends an ECPay buyer on to the result page in the checkout's language", async () => {
    const token = 'A'.repeat(43);
    const back = await request(ctx.app).get(`/api/ecpay/order-result/${token}`).query({ locale: 'zhtw' });
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/subscribe-payment-result/${token}?locale=zhtw`);
    const odd = await request(ctx.app).get(`/api/ecpay/order-result/${token}`).query({ locale: 'x"><script>' });
    expect(odd.headers.location).toBe(`/subscribe-payment-result/${token}`);
  });

  it('returns a merchant paying a late subscription by FPX to the host it is on', async () => {
    const token = await tokenFor(ctx, 'new-merchant@demo.test');
    const res = await request(ctx.app)
      .post('/api/users/billing/late-subscribe/fpx/create-intent')
      .set('Host', 'lan.example:3000')
      .set(bearer(token))
      .send({ package_id: await planId(ctx, 'price_my_starter_monthly'), bank: 'maybank2u', return_url: '/home/dashboard' });
    expect(res.status).toBe(200);
    // The sandbox bank page is served on that host too.
    expect(new URL(res.body.redirect_url as string).origin).toBe('http://lan.example:3000');
    const back = await request(ctx.app).post(`/api/sandbox/fpx/${res.body.payment_intent_id}/complete`).set('Host', 'lan.example:3000').type('form').send({ outcome: 'failed' });
    const location = new URL(back.headers.location as string);
    expect(location.origin).toBe('http://lan.example:3000');
    expect(location.pathname).toBe('/home/dashboard');
  });

  it('in production builds them only on PUBLIC_URL or an ALLOWED_ORIGINS origin, never on any Host', () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://hub.example', ALLOWED_ORIGINS: 'https://shop.example, http://10.0.0.5:3000' });
    expect(config.allowedOrigins).toEqual(['https://shop.example', 'http://10.0.0.5:3000']);
    const production = { ...config, nodeEnv: 'production' as const };
    const req = (protocol: string, host: string) => ({ protocol, host }) as unknown as Request;
    expect(linkBase(req('https', 'shop.example'), production)).toBe('https://shop.example');
    expect(linkBase(req('http', '10.0.0.5:3000'), production)).toBe('http://10.0.0.5:3000');
    expect(linkBase(req('https', 'evil.example'), production)).toBe('https://hub.example');
    expect(linkBase(req('http', 'shop.example'), production)).toBe('https://hub.example');
    expect(isProductOrigin(production, 'https://evil.example')).toBe(false);
    // Development and tests follow whatever host the browser used (a LAN address, 127.0.0.1).
    expect(linkBase(req('http', '192.168.1.20:3000'), config)).toBe('http://192.168.1.20:3000');
    const bankPage = { protocol: 'https', host: 'hub.example' } as unknown as Request;
    expect(mayReturnTo(bankPage, production, new URL('https://shop.example/home/dashboard'))).toBe(true);
    expect(mayReturnTo(bankPage, production, new URL('https://evil.example/steal'))).toBe(false);
    expect(mayReturnTo(bankPage, production, new URL('http://127.0.0.1:3000/home/dashboard'))).toBe(false);
    expect(mayReturnTo(bankPage, config, new URL('http://127.0.0.1:3000/home/dashboard'))).toBe(true);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://shop.example/path' })).toThrow(/not an origin/);
  });
});
