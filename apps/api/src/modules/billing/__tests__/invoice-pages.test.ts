import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

// Issue 31 #2: no page a person opens answers raw JSON, and every link the browser follows stays on the
// origin it used (PUBLIC_URL is for e-mails, which have no request to follow).

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';
/** What Chromium sends when a person opens a link or types the address. */
const BROWSER_PAGE = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe.each(testDatabases)('invoice pages opened in a browser (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  let invoiceId: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, MY);
    invoiceId = String((await ctx.db('invoices').where({ merchant_id: ctx.demo.get(MY)?.merchantId }).orderBy('seq').first('id')).id);
  });
  afterEach(async () => ctx.close());

  it('gives the billing history links on the origin the browser is on, never PUBLIC_URL', async () => {
    const history = await request(ctx.app).post('/api/users/billing/billing-history').set(bearer(token)).send({ date_start: 0, date_end: 2_000_000_000 });
    expect(history.status).toBe(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    for (const invoice of history.body.data as { id: string; hosted_invoice_url: string; invoice_pdf: string }[]) {
      expect(invoice.hosted_invoice_url).toBe(`/api/invoices/${invoice.id}`);
      expect(invoice.invoice_pdf).toBe(`/api/invoices/${invoice.id}.pdf`);
    }
  });

  it("links the hosted page's Download PDF on the host it was opened through", async () => {
    const page = await request(ctx.app).get(`/api/invoices/${invoiceId}`).set(bearer(token)).set(BROWSER_PAGE).set('Host', '192.168.1.20:3000');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<a href="/api/invoices/${invoiceId}.pdf">`);
    expect(page.text).not.toContain(ctx.config.publicUrl);
  });

  it('sends a signed-out reader to sign-in, to come back to the invoice afterwards', async () => {
    for (const path of [`/api/invoices/${invoiceId}`, `/api/invoices/${invoiceId}.pdf`]) {
      const opened = await request(ctx.app).get(path).set(BROWSER_PAGE);
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe(`/signin?from=${encodeURIComponent(path)}`);
    }
    // An older browser without Sec-Fetch headers, by its Accept header alone.
    const older = await request(ctx.app).get(`/api/invoices/${invoiceId}`).set('Accept', BROWSER_PAGE.Accept);
    expect(older.headers.location).toBe(`/signin?from=${encodeURIComponent(`/api/invoices/${invoiceId}`)}`);
  });

  it("sends a reader of another merchant's or a missing invoice to the not-found page", async () => {
    const sgInvoice = await ctx.db('invoices').where({ merchant_id: ctx.demo.get(SG)?.merchantId }).first('id');
    for (const path of [`/api/invoices/${sgInvoice.id}`, '/api/invoices/in_missing', '/api/no-such-page']) {
      const opened = await request(ctx.app).get(path).set(bearer(token)).set(BROWSER_PAGE);
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe('/session/404');
    }
  });

  it('still answers JSON to the apps and to scripts', async () => {
    const fetched = await request(ctx.app).get(`/api/invoices/${invoiceId}`).set({ 'Sec-Fetch-Mode': 'cors', Accept: 'application/json' });
    expect(fetched.status).toBe(401);
    expect(fetched.body.error.code).toBe('unauthenticated');
    const script = await request(ctx.app).get(`/api/invoices/${invoiceId}`);
    expect(script.status).toBe(401);
    expect(script.body.error.code).toBe('unauthenticated');
    // A form post is never turned into a page.
    const posted = await request(ctx.app).post('/api/users/billing/unsubscribe').set(BROWSER_PAGE).send({});
    expect(posted.headers['content-type']).toContain('application/json');
  });
});
