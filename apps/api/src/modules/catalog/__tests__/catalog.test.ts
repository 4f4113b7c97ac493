import request from 'supertest';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { catalogRevision, onCatalogChange } from '..';
import { createApp } from '../../../app';
import { createDb } from '../../../db/knex';
import { createLogger } from '../../../http/logging';

const MY = 'merchant-my@demo.test';

type Plan = { id: number; name: string; group_key: string; billing_period: string; price: number; discount: number; subtotal: number; tax: number; tax_label: string; image: string | null; sort_order: number; hide: boolean; is_addon: boolean; call_for_quote: boolean; limits: Record<string, number | '*'>; descriptions: { basic: string[]; features: string[]; report: string[] }; subscribers: number; yearly_claim_holds: boolean; yearly_saving_percent: number | null };

/** The edit form's body for a plan as the catalog answered it. */
/** Every catalog write carries the superadmin's reason (issue 27 §8). */
const REASON = 'Price review agreed for 2026';

const editBody = (plan: Plan, changes: Record<string, unknown> = {}) => ({
  name: plan.name,
  price: plan.price,
  discount: plan.discount,
  tax: plan.tax,
  tax_label: plan.tax_label,
  image: plan.image,
  sort_order: plan.sort_order,
  hide: plan.hide,
  call_for_quote: plan.call_for_quote,
  limits: plan.limits,
  descriptions: plan.descriptions,
  reason: REASON,
  ...changes,
});

describe.each(testDatabases)('staff catalog API (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, MY)]);
  });
  afterEach(async () => ctx.close());

  const auditOf = async (action: string) => ctx.db('audit_log').where({ action }).orderBy('id');
  const catalog = async (token: string, market = 'MY') => {
    const res = await request(ctx.app).get(`/api/staff/catalog?market=${market}`).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body as { plans: Plan[]; add_ons: Plan[]; currency: string; revision: number };
  };
  const planOf = async (group: string, period: string, market = 'MY') => (await catalog(admin, market)).plans.find((p) => p.group_key === group && p.billing_period === period) as Plan;
  const save = (token: string, plan: Plan, changes: Record<string, unknown> = {}) => request(ctx.app).post(`/api/staff/catalog/plans/${plan.id}`).set(bearer(token)).send(editBody(plan, changes));

  it('lists a market with hidden plans, its add-ons and the subscribers renewing on each plan', async () => {
    const body = await catalog(support);
    expect(body.currency).toBe('MYR');
    expect(body.plans.some((p) => p.hide)).toBe(true);
    expect(body.add_ons.map((p) => p.billing_period).sort()).toEqual(['monthly', 'yearly']);
    expect(body.plans.reduce((n, p) => n + p.subscribers, 0)).toBeGreaterThan(0);
    expect(body.plans.find((p) => p.group_key === 'custom')?.call_for_quote).toBe(true);
    expect((await request(ctx.app).get('/api/staff/catalog?market=XX').set(bearer(support))).body.error.details.fields.market).toBe('validation:staff.marketInvalid');
  });

  it('refuses merchants on every catalog call and support on every write, changing nothing but the record of support’s refused attempts', async () => {
    const growth = await planOf('growth', 'monthly');
    const writes: [string, Record<string, unknown>][] = [
      [`/api/staff/catalog/plans/${growth.id}`, editBody(growth, { price: 1 })],
      [`/api/staff/catalog/plans/${growth.id}/preview`, { price: 1, discount: 0 }],
      [`/api/staff/catalog/plans/${growth.id}/hide`, { hide: true, reason: REASON }],
      ['/api/staff/catalog/reorder', { market: 'MY', billing_period: 'monthly', ids: [growth.id], reason: REASON }],
      ['/api/staff/catalog/plans', { ...editBody(growth), market: 'MY', billing_period: 'monthly', group_key: 'new-tier' }],
    ];
    const before = await ctx.db('audit_log').count({ n: '*' }).first();
    for (const [path, body] of writes) {
      for (const token of [support, merchant]) {
        const res = await request(ctx.app).post(path).set(bearer(token)).send(body);
        expect([path, res.status, res.body.error.code, res.body.key]).toEqual([path, 403, 'forbidden', 'errors:error.forbidden']);
      }
    }
    expect((await request(ctx.app).get('/api/staff/catalog?market=MY').set(bearer(merchant))).status).toBe(403);
    const after = await ctx.db('audit_log').count({ n: '*' }).first();
    expect(Number(after?.n) - Number(before?.n)).toBe(writes.length);
    expect(Number((await ctx.db('audit_log').where({ outcome: 'refused', error_code: 'forbidden' }).count({ n: '*' }).first())?.n)).toBe(writes.length);
    expect((await planOf('growth', 'monthly')).price).toBe(growth.price);
  });

  it('saves a new price with its audit entry, leaves past invoices alone and shows it on the billing page at once', async () => {
    const growth = await planOf('growth', 'monthly');
    const invoicesBefore = await ctx.db('invoices').orderBy('id').select('id', 'total', 'subtotal');
    const revision = await catalogRevision(ctx.db);
    const heard: number[] = [];
    const stop = onCatalogChange(ctx.db, (change) => heard.push(...change.packageIds));

    const preview = await request(ctx.app).post(`/api/staff/catalog/plans/${growth.id}/preview`).set(bearer(admin)).send({ price: 24900, discount: 0 });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ current_price: 19900, new_price: 24900, currency: 'MYR', subscribers: growth.subscribers });

    const res = await save(admin, growth, { price: 24900 });
    stop();
    expect(res.status).toBe(200);
    expect(res.body.data.price).toBe(24900);
    expect(heard).toEqual([growth.id]);
    // The change moved the revision on (the packages trigger of migration 900 moves it too: by how much is no promise).
    expect(await catalogRevision(ctx.db)).toBeGreaterThan(revision);
    const [entry] = await auditOf('catalog.plan.update');
    expect(JSON.parse(entry.before_summary).price).toBe(19900);
    expect(JSON.parse(entry.after_summary).price).toBe(24900);
    expect(entry.actor_role).toBe('superadmin');
    expect(await ctx.db('invoices').orderBy('id').select('id', 'total', 'subtotal')).toEqual(invoicesBefore);

    const billing = await request(ctx.app).get('/api/users/billing/all').set(bearer(merchant));
    const card = (billing.body.selectedPackage as { data: { id: number; price: number } }[]).find((p) => p.data.id === growth.id);
    expect(card?.data.price).toBe(24900);
  });

  it('shows a price change on billing pages read before it, on this instance and on another one', async () => {
    const growth = await planOf('growth', 'monthly');
    // On PostgreSQL the other instance has its own connection pool (and its own catalog in memory).
    const secondDb = ctx.databaseUrl ? createDb({ url: ctx.databaseUrl }) : null;
    const other = secondDb ? createApp({ db: secondDb, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config, logger: createLogger('silent'), rateLimits: false }) : ctx.app;
    const priceOn = async (app: typeof ctx.app) => {
      const res = await request(app).get('/api/users/billing/all').set(bearer(merchant));
      expect(res.status).toBe(200);
      return (res.body.selectedPackage as { data: { id: number; price: number } }[]).find((p) => p.data.id === growth.id)?.data.price;
    };
    try {
      expect(await priceOn(ctx.app)).toBe(19900);
      expect(await priceOn(other)).toBe(19900);
      expect((await save(admin, growth, { price: 24900 })).status).toBe(200);
      expect(await priceOn(ctx.app)).toBe(24900);
      expect(await priceOn(other)).toBe(24900);
    } finally {
      await secondDb?.destroy();
    }
  });

  it('warns when a yearly price no longer saves 20 % against the monthly one', async () => {
    const yearly = await planOf('growth', 'yearly');
    expect(yearly.yearly_claim_holds).toBe(true);
    const preview = await request(ctx.app).post(`/api/staff/catalog/plans/${yearly.id}/preview`).set(bearer(admin)).send({ price: yearly.price, discount: 10 });
    expect(preview.body).toMatchObject({ yearly_claim_holds: false, yearly_saving_percent: 10 });
    expect((await save(admin, yearly, { discount: 10 })).status).toBe(200);
    expect((await planOf('growth', 'yearly')).yearly_claim_holds).toBe(false);
  });

  it('answers field errors for a bad plan and changes nothing', async () => {
    const growth = await planOf('growth', 'monthly');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: -1 }, 'price', 'validation:catalog.priceInvalid'],
      [{ price: 1.5 }, 'price', 'validation:catalog.priceInvalid'],
      [{ tax: 101 }, 'tax', 'validation:catalog.taxInvalid'],
      [{ name: ' ' }, 'name', 'validation:catalog.nameRequired'],
      [{ limits: { ...growth.limits, order: 'lots' } }, 'limits.order', 'validation:catalog.limitInvalid'],
      [{ image: 'javascript:alert(1)' }, 'image', 'validation:catalog.imageInvalid'],
      [{ call_for_quote: true }, 'price', 'validation:catalog.quotePriceZero'],
      [{ descriptions: { ...growth.descriptions, report: [] } }, 'descriptions.report', 'validation:catalog.reportRequired'],
    ];
    for (const [changes, field, key] of cases) {
      const res = await save(admin, growth, changes);
      expect([field, res.status, res.body.error.details.fields[field]]).toEqual([field, 400, key]);
    }
    expect(await auditOf('catalog.plan.update')).toHaveLength(0);
    expect(await planOf('growth', 'monthly')).toEqual(growth);
  });

  it('refuses a Taiwan price that is not whole dollars on create, preview and save, changing nothing', async () => {
    const tw = await planOf('growth', 'monthly', 'TW');
    const cents = tw.price + 50;
    const preview = await request(ctx.app).post(`/api/staff/catalog/plans/${tw.id}/preview`).set(bearer(admin)).send({ price: cents, discount: 0 });
    const saved = await save(admin, tw, { price: cents });
    const created = await request(ctx.app)
      .post('/api/staff/catalog/plans')
      .set(bearer(admin))
      .send({ ...editBody(tw, { price: cents }), market: 'TW', billing_period: 'monthly', group_key: 'cents' });
    for (const res of [preview, saved, created]) {
      expect([res.status, res.body.error.details.fields.price]).toEqual([400, 'validation:catalog.priceWholeDollars']);
    }
    expect(await auditOf('catalog.plan.update')).toHaveLength(0);
    expect(await planOf('growth', 'monthly', 'TW')).toEqual(tw);
    // Cents are a price like any other in the other markets.
    expect((await save(admin, await planOf('growth', 'monthly'), { price: 19950 })).status).toBe(200);
  });

  it('makes a Call for Quote plan, hides and re-orders plans, each audited', async () => {
    const growth = await planOf('growth', 'monthly');
    const created = await request(ctx.app)
      .post('/api/staff/catalog/plans')
      .set(bearer(admin))
      .send({ ...editBody(growth, { name: 'Partner', price: 0, call_for_quote: true, descriptions: { basic: ['Talk to us'], features: [], report: [] } }), market: 'MY', billing_period: 'monthly', group_key: 'partner' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ call_for_quote: true, currency: 'MYR', group_key: 'partner' });
    const again = await request(ctx.app).post('/api/staff/catalog/plans').set(bearer(admin)).send({ ...editBody(growth), market: 'MY', billing_period: 'monthly', group_key: 'growth' });
    expect([again.status, again.body.error.code]).toEqual([409, 'plan_exists']);

    expect((await request(ctx.app).post(`/api/staff/catalog/plans/${growth.id}/hide`).set(bearer(admin)).send({ hide: true, reason: REASON })).status).toBe(200);
    expect((await planOf('growth', 'monthly')).hide).toBe(true);
    const active = await request(ctx.app).get('/api/active-packages?country=MY');
    expect((active.body.data as { id: number }[]).some((p) => p.id === growth.id)).toBe(false);

    const monthly = (await catalog(admin)).plans.filter((p) => p.billing_period === 'monthly').map((p) => p.id);
    const reversed = [...monthly].reverse();
    expect((await request(ctx.app).post('/api/staff/catalog/reorder').set(bearer(admin)).send({ market: 'MY', billing_period: 'monthly', ids: reversed, reason: REASON })).status).toBe(200);
    const after = (await catalog(admin)).plans.filter((p) => p.billing_period === 'monthly').sort((a, b) => a.sort_order - b.sort_order).map((p) => p.id);
    expect(after).toEqual(reversed);
    const partial = await request(ctx.app).post('/api/staff/catalog/reorder').set(bearer(admin)).send({ market: 'MY', billing_period: 'monthly', ids: reversed.slice(1), reason: REASON });
    expect([partial.status, partial.body.error.details.fields.ids]).toEqual([400, 'validation:catalog.orderInvalid']);
    expect((await auditOf('catalog.plan.create')).length).toBe(1);
    expect((await auditOf('catalog.plan.hide')).length).toBe(1);
    expect((await auditOf('catalog.plan.reorder')).length).toBe(1);
  });

  it('keeps a plan\'s feature lines per language and gives them to the billing page; refuses a language it does not know (issue 31 #5)', async () => {
    const growth = await planOf('growth', 'monthly');
    const translations = { zhtw: { basic: [], features: ['線上客服'], report: [] }, th: { basic: ['พื้นฐาน'], features: [], report: [] } };
    const saved = await save(admin, growth, { descriptions: { ...growth.descriptions, translations } });
    expect(saved.status).toBe(200);
    expect((await planOf('growth', 'monthly')).descriptions).toMatchObject({ features: growth.descriptions.features, translations });
    const billing = await request(ctx.app).get('/api/users/billing/all').set(bearer(merchant));
    const shown = (billing.body.selectedPackage as { data: { id: number; descriptions: unknown } }[]).find((entry) => entry.data.id === growth.id);
    expect(shown?.data.descriptions).toMatchObject({ translations });
    const unknown = await save(admin, growth, { descriptions: { ...growth.descriptions, translations: { fr: { basic: [], features: ['Chat'], report: [] } } } });
    expect(unknown.status).toBe(400);
  });

  it('answers 404 for an unknown plan', async () => {
    const res = await request(ctx.app).post('/api/staff/catalog/plans/999999/hide').set(bearer(admin)).send({ hide: true, reason: REASON });
    expect(res.status).toBe(404);
  });
});
