import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../test-support/test-app';

describe.each(testDatabases)('rate limits (%s)', (kind) => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx.close();
  });

  it('answers 429 with a translated key once an account used its sign-in attempts', async () => {
    ctx = await createTestContext(kind, { rateLimits: { otpResend: { windowSeconds: 60, perIp: 100, perAccount: 2 } } });
    const attempt = (email: string) => request(ctx.app).post('/api/erpCheckOTPStatus').send({ email, password: 'wrong-password' });
    expect((await attempt('merchant-my@demo.test')).status).toBe(401);
    expect((await attempt('MERCHANT-MY@demo.test')).status).toBe(401);
    const limited = await attempt('merchant-my@demo.test');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'rate_limited', key: 'errors:error.tooManyRequests' }, message: 'Too many requests, please try again later' });
    expect((await attempt('merchant-sg@demo.test')).status).toBe(401);
  });

  it('limits one address across accounts', async () => {
    ctx = await createTestContext(kind, { rateLimits: { passwordReset: { windowSeconds: 60, perIp: 2, perAccount: 10 } } });
    const reset = (email: string) => request(ctx.app).post('/api/forgot-password').send({ email });
    expect((await reset('a@x.test')).status).toBe(200);
    expect((await reset('b@x.test')).status).toBe(200);
    expect((await reset('c@x.test')).status).toBe(429);
  });

  it('keeps the defaults generous enough for a normal sign-in', async () => {
    ctx = await createTestContext(kind, { rateLimits: {} });
    for (let i = 0; i < 5; i += 1) {
      expect((await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: 'merchant-my@demo.test', password: 'Merchant2026' })).status).toBe(200);
    }
  });
});
