import request from 'supertest';
import { createTestContext, type TestContext } from '../../../test-support/test-app';

describe('GET /api/checkout/config', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('tells a visitor without a session that the sandbox card form runs, with no key', async () => {
    ctx = await createTestContext('sqlite', { gateway: 'sandbox' });
    const res = await request(ctx.app).get('/api/checkout/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ gateway: 'sandbox' });
  });

  it('hands the publishable key (never the secret) to the page with the Stripe gateway', async () => {
    ctx = await createTestContext('sqlite', {
      env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_secret_123', STRIPE_WEBHOOK_SECRET: 'whsec_456', STRIPE_PUBLISHABLE_KEY: 'pk_test_789' },
    });
    const res = await request(ctx.app).get('/api/checkout/config');
    expect(res.body).toEqual({ gateway: 'stripe', stripePublishableKey: 'pk_test_789' });
    expect(JSON.stringify(res.body)).not.toContain('sk_test_secret_123');
  });
});
