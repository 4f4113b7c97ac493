import request from 'supertest';
import { gatewayFor } from '../../../gateways';
import { AppError } from '../../../http/errors';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { createEngine } from '../../billing';
import { bearer, chargeCount, tokenFor } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';

describe.each(testDatabases)('add-on quantity and the charge ceiling (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  let store: number;
  let merchantId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    token = await tokenFor(ctx, MY);
    store = ctx.demo.get(MY)?.storeIds[0] as number;
    merchantId = ctx.demo.get(MY)?.merchantId as number;
  });
  afterEach(async () => ctx.close());

  const quote = (quantity: number | string) => request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(bearer(token)).query({ addon_store_quantity: quantity, store_id: store });
  const subscribe = (quantity: number | string) => request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(token)).send({ store_id: store, addon_store_quantity: quantity });
  const invoiceCount = async () => Number((await ctx.db('invoices').where({ merchant_id: merchantId }).count({ n: '*' }).first())?.n ?? 0);

  it('prices and sells only the ten store counts the page offers (spec §9), never a billion stores', async () => {
    expect((await quote(1)).status).toBe(200);
    expect((await quote(10)).status).toBe(200);
    for (const quantity of [11, 1_000_000_000, 9_007_199_254_740_991, '9007199254740993']) {
      const res = await quote(quantity);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', details: { fields: { addon_store_quantity: 'validation:billing.quantityInvalid' } } });
    }
    const invoices = await invoiceCount();
    const charges = await chargeCount(ctx, merchantId);
    const huge = await subscribe(1_000_000_000);
    expect(huge.status).toBe(400);
    expect(huge.body.error.details.fields.addon_store_quantity).toBe('validation:billing.quantityInvalid');
    expect(await invoiceCount()).toBe(invoices);
    expect(await chargeCount(ctx, merchantId)).toBe(charges);
  });

  it('moves the ten offered counts up with the locked channels', async () => {
    expect((await subscribe(2)).status).toBe(200);
    expect((await quote(11)).status).toBe(200);
    expect((await quote(12)).status).toBe(400);
    expect((await quote(1)).status).toBe(400);
    expect((await subscribe(12)).status).toBe(400);
  });

  it("raises the plan's sales channel limit by the channels bought, as the Usage Limit card shows it", async () => {
    const channelUsage = async () => {
      const res = await request(ctx.app).get('/api/users/billing/all').set(bearer(token));
      expect(res.status).toBe(200);
      const selected = res.body.selectedPackage.find((p: { selected: boolean }) => p.selected).data;
      return { max: selected.max_channel as number };
    };
    const before = await channelUsage();
    expect(typeof before.max).toBe('number');
    expect((await subscribe(3)).status).toBe(200);
    expect((await channelUsage()).max).toBe(before.max + 3);
  });

  it('refuses to write or charge an invoice past the currency ceiling, whatever computed it', async () => {
    const engine = createEngine({ db: ctx.db, clock: ctx.clock, gateway: gatewayFor({ db: ctx.db, clock: ctx.clock, config: ctx.config, notifier: ctx.notifier }), publicUrl: ctx.config.publicUrl });
    const invoices = await invoiceCount();
    const attempt = engine.withMerchant(merchantId, (tx) =>
      engine.createInvoice(tx.tx, tx.account, {
        subscriptionId: null,
        lines: [{ description: 'a billion stores', amount: 2_699_990_000_000, periodStart: tx.now, periodEnd: tx.now + 86_400 }],
        taxPercent: 8,
        taxLabel: 'SST',
        billingReason: 'manual',
        now: tx.now,
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'amount_too_large', status: 422, key: 'errors:billing.amountTooLarge' });
    expect(await invoiceCount()).toBe(invoices);
  });
});
