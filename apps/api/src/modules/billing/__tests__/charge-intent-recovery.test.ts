import request from 'supertest';
import { advance, bearer, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

/**
 * Issue 25 item 6: Retry Payment records its intent (a pending payment row with its idempotency key) and commits
 * before the card is charged. A crash between the charge and its record leaves that row behind: a later Retry
 * Payment asks again under the same key and records the answer once; a fresh one (a charge under way) is refused.
 */
describe.each(testDatabases)('an on-session charge cut off before its record (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => ctx.close());

  it('refuses a second charge while one is under way, and takes over one a crash left behind', async () => {
    const token = await tokenFor(ctx, NEW);
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    expect((await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') })).status).toBe(200);
    const failing = await newCard(ctx, '4000000000000341');
    expect((await post('add-card', { payment_method: failing })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: failing })).status).toBe(200);
    await advance(ctx, await tokenFor(ctx, 'support@demo.test'), ctx.demo.get(NEW)?.userId as number, 31 * DAY + 60);
    const good = await newCard(ctx, '5555555555554444');
    expect((await post('add-card', { payment_method: good })).status).toBe(200);
    expect((await post('set-as-primary-card', { id: good })).status).toBe(200);

    const merchantId = ctx.demo.get(NEW)?.merchantId as number;
    const invoice = await ctx.db('invoices').where({ merchant_id: merchantId, status: 'open' }).first();
    const key = `${invoice.id}:attempt:${Number(invoice.attempt_count) + 1}`;
    // The intent as Retry Payment commits it, the process then gone before the answer was recorded.
    const intent = { merchant_id: merchantId, invoice_id: invoice.id, payment_method_id: good, method_type: 'card', amount: invoice.amount_due, currency: invoice.currency, status: 'pending', idempotency_key: key };
    const merchantNow = Number(invoice.created_at) + 60;
    await ctx.db('payments').insert({ ...intent, id: 'payintent_fresh', created_at: merchantNow });
    const underWay = await post('retry-payment', { type: 'default' });
    expect(underWay.status).toBe(409);
    expect(underWay.body.message).toBe('A payment of this invoice is under way');

    await ctx.db('payments').where({ id: 'payintent_fresh' }).update({ created_at: merchantNow - 10 * 60 });
    expect((await post('retry-payment', { type: 'default' })).status).toBe(200);
    const rows = await ctx.db('payments').where({ idempotency_key: key });
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    expect(await ctx.db('payments').where({ status: 'pending' })).toEqual([]);
    expect((await ctx.db('invoices').where({ id: invoice.id }).first()).status).toBe('paid');
  });
});
