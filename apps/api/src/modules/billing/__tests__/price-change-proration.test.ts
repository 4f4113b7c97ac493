import request from 'supertest';
import * as unitAmountMigration from '../../../db/migrations/740-subscription-unit-amount';
import { advance, answerPaymentPage, bearer, newCard, packageId, tokenFor } from '../../../test-support/billing-helpers';
import { findPackage } from '../../packages';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

const NEW = 'new-merchant@demo.test';
const DAY = 86_400;

type Plan = Record<string, unknown> & { id: number; group_key: string; billing_period: string; price: number; is_addon: boolean };
const FORM_FIELDS = ['name', 'discount', 'tax', 'tax_label', 'image', 'sort_order', 'hide', 'call_for_quote', 'limits', 'descriptions'] as const;
type Line = { description: string; amount: number };

/**
 * A superadmin's price edit reaches an existing subscriber at the next renewal (apps/api/README.md): until
 * then the unused time of the period is credited at what was paid, and the preview agrees with the charge.
 */
describe.each(testDatabases)('plan price edits and proration (%s)', (kind) => {
  let ctx: TestContext;
  let staff: string;
  let admin: string;
  let token: string;
  let userId: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [staff, admin, token] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, NEW)]);
    userId = ctx.demo.get(NEW)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
  const raisePrice = async (group: string, price: number) => {
    const catalog = await request(ctx.app).get('/api/staff/catalog?market=MY').set(bearer(admin));
    const plans = [...(catalog.body.plans as Plan[]), ...(catalog.body.add_ons as Plan[])];
    const plan = plans.find((p) => (group === 'add-on' ? p.is_addon : p.group_key === group) && p.billing_period === 'monthly') as Plan;
    // The edit form sends the plan's fields as the catalog answered them, with the new price.
    const form = Object.fromEntries(FORM_FIELDS.map((field) => [field, plan[field]]));
    const res = await request(ctx.app).post(`/api/staff/catalog/plans/${plan.id}`).set(bearer(admin)).send({ ...form, price, reason: 'Price review agreed for 2026' });
    expect(res.status).toBe(200);
  };
  /** Previews the upgrade, makes it, and checks the charge is exactly what the preview showed. */
  const upgradeTo = async (stripeId: string): Promise<Line[]> => {
    const target = await packageId(ctx, stripeId);
    const preview = await request(ctx.app).get(`/api/users/billing/plan-change-preview?package_id=${target}`).set(bearer(token));
    expect(preview.status).toBe(200);
    const up = await post('downgrade-or-upgrade', { package_id: target, type: 'upgrade' });
    expect(up.status).toBe(200);
    const lines = up.body.invoice.lines.data as Line[];
    expect(preview.body.data.lines.map((l: Line) => [l.description, l.amount])).toEqual(lines.map((l) => [l.description, l.amount]));
    expect(preview.body.data.total).toBe(up.body.invoice.total);
    expect(preview.body.data.amount_due).toBe(up.body.invoice.amount_paid);
    return lines;
  };

  it('credits the unused time at the price paid, and the new price only from the next renewal', async () => {
    const first = await post('late-subscribe', { paymentMethod: await newCard(ctx, '4242424242424242'), package_id: await packageId(ctx, 'price_my_starter_monthly') });
    expect(first.body.invoice).toMatchObject({ subtotal: 9900, status: 'paid' });

    // Half of the 31-day period (2026-03-02 → 2026-04-02), Starter goes from 99.00 to 129.00.
    await advance(ctx, staff, userId, (31 * DAY) / 2);
    await raisePrice('starter', 12900);
    const upgrade = await upgradeTo('price_my_growth_monthly');
    // Half of the 99.00 paid (not half of the new 129.00, 6450); Growth's remaining half at 199.00.
    expect(upgrade.map((l) => l.amount)).toEqual([-4950, 9950]);

    // Growth goes from 199.00 to 249.00 while the merchant is on it: the renewal on 2026-04-02 bills 249.00.
    await raisePrice('growth', 24900);
    await advance(ctx, staff, userId, (31 * DAY) / 2 + 60);
    const history = await post('billing-history', { date_start: 0, date_end: 4_000_000_000 });
    expect(history.body.data[0]).toMatchObject({ subtotal: 24900, billing_reason: 'subscription_cycle', status: 'paid' });

    // Half of the 30-day period (2026-04-02 → 2026-05-02): the unused time is now worth half of 249.00.
    await advance(ctx, staff, userId, 15 * DAY - 60);
    const later = await upgradeTo('price_my_pro_monthly');
    expect(later[0]?.amount).toBe(-12450);
  });

  it('keeps an add-on at its billed amount until renewal: stores added and the unused time of a period switch', async () => {
    const mine = await tokenFor(ctx, 'merchant-my@demo.test');
    const store = ctx.demo.get('merchant-my@demo.test')?.storeIds[0] as number;
    const quote = async () => (await request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(bearer(mine)).query({ addon_store_quantity: 3, store_id: store })).body.data;
    const switchPreview = async () => {
      const res = await request(ctx.app).get(`/api/users/billing/plan-change-preview?package_id=${await packageId(ctx, 'price_my_growth_yearly')}`).set(bearer(mine));
      expect(res.status).toBe(200);
      return (res.body.data.lines as Line[]).filter((l) => l.amount < 0);
    };
    expect((await request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(mine)).send({ store_id: store, addon_store_quantity: 2 })).status).toBe(200);
    const before = { quote: await quote(), credits: await switchPreview() };
    expect(before.credits).toHaveLength(2); // the plan's unused time and the add-on's

    await raisePrice('add-on', before.quote.unit_price + 1000);
    await raisePrice('growth', 24900);
    const after = { quote: await quote(), credits: await switchPreview() };
    // The third store joins at what the first two are billed at this period; the credits are those of the amounts paid.
    expect(after.quote).toMatchObject({ unit_price: before.quote.unit_price, prorated_amount: before.quote.prorated_amount, total_amount: before.quote.total_amount });
    expect(after.credits.map((l) => [l.description, l.amount])).toEqual(before.credits.map((l) => [l.description, l.amount]));
  });

  it('keeps the price quoted before 3-D Secure when the price is edited while the bank waits', async () => {
    const confirmAfterRaise = async (res: request.Response, group: string, price: number) => {
      expect(res.status).toBe(402);
      await raisePrice(group, price);
      await answerPaymentPage(ctx, '3ds', res.body.payment_intent.id as string, 'succeeded');
      expect((await post('confirm-payment', { payment_intent: res.body.payment_intent.id })).status).toBe(200);
    };
    const creditFor = async (stripeId: string) => {
      const res = await request(ctx.app).get(`/api/users/billing/plan-change-preview?package_id=${await packageId(ctx, stripeId)}`).set(bearer(token));
      return (res.body.data.lines as Line[])[0]?.amount;
    };
    const card = await newCard(ctx, '4000002760003184');
    await confirmAfterRaise(await post('late-subscribe', { paymentMethod: card, package_id: await packageId(ctx, 'price_my_starter_monthly'), return_url: '/home/dashboard' }), 'starter', 12900);
    await advance(ctx, staff, userId, (31 * DAY) / 2);
    expect(await creditFor('price_my_growth_monthly')).toBe(-4950); // half of the 99.00 paid

    const up = await post('downgrade-or-upgrade', { package_id: await packageId(ctx, 'price_my_growth_monthly'), type: 'upgrade' });
    await confirmAfterRaise(up, 'growth', 24900);
    // The rest of the period was charged at 199.00 (9950 for the half): that is what its unused time is worth.
    expect(await creditFor('price_my_pro_monthly')).toBe(-9950);
  });

  it('backfills the billed amount of existing subscriptions from their package (migration 740)', async () => {
    await unitAmountMigration.down(ctx.db);
    await unitAmountMigration.up(ctx.db);
    const rows: { unit_amount: unknown; package_id: unknown }[] = await ctx.db('subscriptions').select('unit_amount', 'package_id');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.unit_amount === null ? null : Number(row.unit_amount)).toBe((await findPackage(ctx.db, Number(row.package_id)))?.subtotal);
  });
});
