// Recorded when a module is first required: jest calls a mock factory lazily. The app is imported inside
// the tests, after these are set up.
const mockLoaded: string[] = [];
jest.mock('stripe', () => {
  mockLoaded.push('stripe');
  return jest.requireActual('stripe');
});
jest.mock('pdfkit', () => {
  mockLoaded.push('pdfkit');
  return jest.requireActual('pdfkit');
});
jest.mock('nodemailer', () => {
  mockLoaded.push('nodemailer');
  return jest.requireActual('nodemailer');
});

describe('start-up cost', () => {
  it('loads neither the Stripe SDK, nor nodemailer for the sandbox gateway without SMTP, nor pdfkit before a PDF is asked for', async () => {
    const { createTestContext } = await import('../test-support/test-app');
    const ctx = await createTestContext('sqlite');
    try {
      // A request through the app, so every router and the gateway have been built.
      const { default: request } = await import('supertest');
      expect((await request(ctx.app).get('/api/health')).status).toBe(200);
      expect(mockLoaded).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('loads them when configured', async () => {
    const { createTestContext } = await import('../test-support/test-app');
    const ctx = await createTestContext('sqlite', { env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' } });
    try {
      const { createSmtpNotifier } = await (await import('../modules/notifications')).loadSmtpNotifier();
      createSmtpNotifier({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'x@y.test', db: ctx.db, clock: ctx.clock, secret: ctx.config.sessionSecret }).close();
      const { gatewayFor } = await import('../gateways');
      expect(gatewayFor({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config }).name).toBe('stripe');
      expect(mockLoaded.sort()).toEqual(['nodemailer', 'stripe']);
    } finally {
      await ctx.close();
    }
  });

  it('loads pdfkit for the first invoice PDF', async () => {
    const { invoicePdf } = await import('../modules/billing');
    const invoice = { number: 'MH-000001', status: 'paid', created: 1_772_000_000, currency: 'MYR', lines: { data: [] }, subtotal: 0, discount: 0, tax: 0, total: 0, amount_due: 0, amount_paid: 0 };
    const pdf = await invoicePdf(invoice as unknown as Parameters<typeof invoicePdf>[0], { merchantName: 'Shop', billTo: ['Shop'] }, 'en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mockLoaded).toContain('pdfkit');
  });
});
