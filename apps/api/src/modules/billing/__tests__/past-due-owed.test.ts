import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

// Issue 31 #4: a past-due merchant is told what is owed: the billing read names the open invoice (number and
// amount) of each past-due subscription, and stops naming it as soon as it is settled, whoever settles it.

const SG = 'merchant-sg@demo.test';

describe.each(testDatabases)('what a past-due merchant owes (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, SG);
  });
  afterEach(async () => ctx.close());

  const billingAll = async () => (await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).body;

  it("names the past-due plan's open invoice and its amount", async () => {
    const open = await ctx.db('invoices').where({ merchant_id: ctx.demo.get(SG)?.merchantId, status: 'open' }).first('id', 'number', 'amount_due', 'currency');
    expect(open).toBeDefined();
    const body = await billingAll();
    expect(body.all[0].stripe_status).toBe('past_due');
    expect(body.openInvoices).toEqual([{ type: 'default', id: open.id, number: open.number, amount_due: Number(open.amount_due), currency: 'SGD', hosted_invoice_url: `/api/invoices/${open.id}` }]);
    expect(Number(open.amount_due)).toBeGreaterThan(0);
  });

  it('stops naming it once it is settled, even by a change made outside the billing code (the read is cached)', async () => {
    const open = await ctx.db('invoices').where({ merchant_id: ctx.demo.get(SG)?.merchantId, status: 'open' }).first('id');
    expect((await billingAll()).openInvoices).toHaveLength(1);
    await ctx.db('invoices').where({ id: open.id }).update({ status: 'void' });
    expect((await billingAll()).openInvoices).toEqual([]);
  });

  it('names nothing for a merchant in good standing', async () => {
    token = await tokenFor(ctx, 'merchant-my@demo.test');
    expect((await billingAll()).openInvoices).toEqual([]);
  });
});
