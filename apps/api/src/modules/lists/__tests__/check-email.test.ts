import request from 'supertest';
import { CSRF, createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

/**
 * Issue 26 item 8: GET /api/check-email/{email} told anyone which addresses have accounts, unthrottled (80 probes
 * from one address, no 429). It keeps the one bit a sign-up needs, in the trial e-mail check's budget.
 */
describe.each(testDatabases)('GET /api/check-email/{email} (%s)', (kind) => {
  let ctx: TestContext;
  afterEach(async () => ctx.close());

  const check = (email: string) => request(ctx.app).get(`/api/check-email/${encodeURIComponent(email)}`);

  it('stops a client that probes addresses under the default limits', async () => {
    ctx = await createTestContext(kind, { rateLimits: {} });
    const statuses: number[] = [];
    for (let i = 0; i < 80; i += 1) statuses.push((await check(`probe${i}@example.test`)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
    const limited = await check('merchant-my@demo.test');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'rate_limited', key: 'errors:error.tooManyRequests' } });
  });

  it('shares the budget of the trial sign-up e-mail check, per client address', async () => {
    ctx = await createTestContext(kind, { rateLimits: { signup: { windowSeconds: 3600, perIp: 3, perAccount: 100 } } });
    expect((await check('a@example.test')).status).toBe(200);
    expect((await request(ctx.app).post('/api/trial/verifyEmail').set(CSRF).send({ email: 'b@example.test' })).status).toBe(200);
    expect((await check('merchant-my@demo.test')).status).toBe(409);
    expect((await check('c@example.test')).status).toBe(429);
    expect((await request(ctx.app).post('/api/trial/verifyEmail').set(CSRF).send({ email: 'd@example.test' })).status).toBe(429);
  });

  it('answers one bit, the same whoever holds the address, and is never cached', async () => {
    ctx = await createTestContext(kind);
    const free = await check('nobody@example.test');
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ success: true, available: true });
    const [merchant, staff, refused] = await Promise.all(['merchant-my@demo.test', 'ADMIN@demo.test', 'legacy@demo.test'].map(check));
    for (const res of [merchant, staff, refused]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual(merchant.body);
    }
    for (const res of [free, merchant]) expect(res.headers['cache-control']).toBe('no-store');
  });
});
