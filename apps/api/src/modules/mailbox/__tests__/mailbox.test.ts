import request from 'supertest';
import { createTestContext, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';
import { LIVE_ENV } from '../../../test-support/live-env';

describe.each(testDatabases)('development mailbox (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('lists e-mails and the SMS sent to the account phone, newest first, with code and link', async () => {
    await ctx.notifier.send({ channel: 'sms', to: '+60123456701', text: 'Your code is 246810.', kind: 'trial_code' });
    ctx.clock.advance(5);
    await ctx.notifier.send({ channel: 'email', to: 'merchant-my@demo.test', subject: 'Reset', text: 'Open https://example.test/reset-password/abc now', kind: 'password_reset' });
    await ctx.notifier.send({ channel: 'email', to: 'someone@else.test', subject: 'Other', text: 'Not for you 135790', kind: 'welcome' });
    const messages = await mailbox(ctx, 'merchant-my@demo.test');
    expect(messages).toEqual([
      { id: expect.any(Number), to: 'merchant-my@demo.test', channel: 'email', subject: 'Reset', text: 'Open https://example.test/reset-password/abc now', link: 'https://example.test/reset-password/abc', created_at: '2026-03-02T09:00:05.000Z' },
      { id: expect.any(Number), to: '+60123456701', channel: 'sms', subject: null, text: 'Your code is 246810.', code: '246810', created_at: '2026-03-02T09:00:00.000Z' },
    ]);
    expect((await mailbox(ctx, '+60123456701')).map((m) => m.code)).toEqual(['246810']);
  });

  it('keeps message bodies encrypted in the outbox table', async () => {
    await ctx.notifier.send({ channel: 'email', to: 'a@b.test', subject: 'Code', text: 'Your code is 864209', kind: 'login_code' });
    const row = await ctx.db('outbox').first();
    expect(row.body_encrypted).not.toContain('864209');
  });

  it('requires ?to', async () => {
    const res = await request(ctx.app).get('/api/dev/mailbox');
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toHaveProperty('to');
  });

  it('serves an HTML page', async () => {
    const res = await request(ctx.app).get('/api/dev/mailbox.html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Development mailbox');
    expect((await request(ctx.app).get('/api/dev/mailbox.js')).headers['content-type']).toContain('javascript');
  });

  it('does not exist in production', async () => {
    const prod = await createTestContext(kind, {
      // Production starts only with live payment settings (no sandbox, no test keys, Stripe's own API, so not the
      // fake Stripe: `gateway: 'sandbox'` keeps the test context from starting one); no call reaches Stripe or ECPay.
      gateway: 'sandbox',
      env: { ...LIVE_ENV, SCRYPT_COST: '16384' },
    });
    try {
      expect((await request(prod.app).get('/api/dev/mailbox').query({ to: 'merchant-my@demo.test' })).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
