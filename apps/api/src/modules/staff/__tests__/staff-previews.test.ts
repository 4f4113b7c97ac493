import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, packageId, tokenFor } from '../../../test-support/billing-helpers';

const MY = 'merchant-my@demo.test';
const reason = 'Agreed with the owner on a call, ticket 8812';

/** Issue 10 §9: staff plan and add-on changes are previewed, and the commit carries the preview's token. */
describe.each(testDatabases)('staff preview, then commit (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let merchant: string;
  let myUser: number;
  let merchantId: number;
  let store: number;
  let pro: number;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, MY)]);
    myUser = ctx.demo.get(MY)?.userId as number;
    merchantId = ctx.demo.get(MY)?.merchantId as number;
    store = ctx.demo.get(MY)?.storeIds[0] as number;
    pro = await packageId(ctx, 'price_my_pro_monthly');
  });
  afterEach(async () => ctx.close());

  const invoiceCount = async () => Number((await ctx.db('invoices').where({ merchant_id: merchantId }).count({ n: '*' }).first())?.n ?? 0);
  const livePackage = async () => Number((await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default', stripe_status: 'active' }).first('package_id'))?.package_id);
  const planPreview = (token: string, packageIdValue: number) =>
    request(ctx.app).get('/api/users/billing/plan-change-preview').set(bearer(token)).query({ package_id: packageIdValue, ...(token === support ? { user_id: myUser } : {}) });
  const changePlan = (body: Record<string, unknown>) => request(ctx.app).post('/api/users/billing/downgrade-or-upgrade').set(bearer(support)).send({ user_id: myUser, type: 'upgrade', reason, ...body });
  /** Something else happens to the account between preview and commit: another staff member credits it. */
  const changeAccountMeanwhile = async () => {
    const preview = await request(ctx.app).post(`/api/staff/merchants/${myUser}/credit-adjustments/preview`).set(bearer(support)).send({ direction: 'credit', amount_minor: 100, description: 'Goodwill', reason });
    const done = await request(ctx.app)
      .post(`/api/staff/merchants/${myUser}/credit-adjustments`)
      .set(bearer(support))
      .send({ preview_token: preview.body.preview_token, direction: 'credit', amount_minor: 100, description: 'Goodwill', reason });
    expect(done.status).toBe(201);
  };

  it('gives staff a preview token for a plan change, never the merchant', async () => {
    const staff = await planPreview(support, pro);
    expect(staff.status).toBe(200);
    expect(typeof staff.body.data.preview_token).toBe('string');
    const own = await planPreview(merchant, pro);
    expect(own.status).toBe(200);
    expect(own.body.data.preview_token).toBeUndefined();
  });

  it('refuses a staff plan change without a preview, or with the preview of another plan, and charges nothing', async () => {
    const invoices = await invoiceCount();
    const bare = await changePlan({ package_id: pro });
    expect(bare.status).toBe(400);
    expect(bare.body.error.details.fields.preview_token).toBe('validation:staff.previewRequired');
    const starter = await planPreview(support, await packageId(ctx, 'price_my_starter_monthly'));
    const other = await changePlan({ package_id: pro, preview_token: starter.body.data.preview_token });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('stale_preview');
    const forged = await changePlan({ package_id: pro, preview_token: `${String(starter.body.data.preview_token).split('.')[0]}.AAAA` });
    expect(forged.status).toBe(409);
    expect(await invoiceCount()).toBe(invoices);
    expect(await livePackage()).not.toBe(pro);
  });

  it('answers 409 stale_preview and charges nothing when the account changed after the preview', async () => {
    const preview = await planPreview(support, pro);
    await changeAccountMeanwhile();
    const invoices = await invoiceCount();
    const res = await changePlan({ package_id: pro, preview_token: preview.body.data.preview_token });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'stale_preview', key: 'errors:staff.stalePreview' });
    expect(await invoiceCount()).toBe(invoices);
    expect(await livePackage()).not.toBe(pro);
    const refused = await ctx.db('audit_log').where({ merchant_id: merchantId, action: 'billing.upgrade' }).orderBy('id', 'desc').first('outcome', 'error_code');
    expect(refused).toMatchObject({ outcome: 'refused', error_code: 'stale_preview' });
  });

  it('commits the previewed plan change', async () => {
    const preview = await planPreview(support, pro);
    const res = await changePlan({ package_id: pro, preview_token: preview.body.data.preview_token });
    expect(res.status).toBe(200);
    expect(await livePackage()).toBe(pro);
    // The same token cannot be replayed: the account it described is gone.
    expect((await changePlan({ package_id: pro, preview_token: preview.body.data.preview_token })).status).toBe(409);
  });

  it('previews and commits a staff add-on change, refusing a stale or missing preview', async () => {
    const quote = (token: string, quantity: number) =>
      request(ctx.app)
        .get('/api/users/usage-addon/get-amount-to-pay')
        .set(bearer(token))
        .query({ addon_store_quantity: quantity, store_id: store, ...(token === support ? { user_id: myUser } : {}) });
    const subscribe = (body: Record<string, unknown>) => request(ctx.app).post('/api/users/usage-addon/subscribe').set(bearer(support)).send({ user_id: myUser, store_id: store, reason, ...body });
    expect((await quote(merchant, 2)).body.data.preview_token).toBeUndefined();
    const invoices = await invoiceCount();
    expect((await subscribe({ addon_store_quantity: 2 })).status).toBe(400);
    const forTwo = await quote(support, 2);
    expect((await subscribe({ addon_store_quantity: 3, preview_token: forTwo.body.data.preview_token })).status).toBe(409);
    await changeAccountMeanwhile();
    expect((await subscribe({ addon_store_quantity: 2, preview_token: forTwo.body.data.preview_token })).status).toBe(409);
    expect(await invoiceCount()).toBe(invoices);
    const fresh = await quote(support, 2);
    const done = await subscribe({ addon_store_quantity: 2, preview_token: fresh.body.data.preview_token });
    expect(done.status).toBe(200);
    expect(await invoiceCount()).toBe(invoices + 1);
  });

  it('offers the reversal of an applied adjustment on the timeline, and reverses it from there', async () => {
    await changeAccountMeanwhile();
    const timeline = async () => (await request(ctx.app).get(`/api/staff/merchants/${myUser}/timeline`).set(bearer(support))).body.data as { ref?: { type: string; id: string }; title_key: string }[];
    const offered = (await timeline()).filter((e) => e.ref?.type === 'credit_adjustment');
    expect(offered).toHaveLength(1);
    expect(offered[0]?.title_key).toBe('timeline.staff.creditAdjusted');
    const reversed = await request(ctx.app).post(`/api/staff/credit-adjustments/${offered[0]?.ref?.id}/reverse`).set(bearer(support)).send({ reason });
    expect(reversed.status).toBe(201);
    // Reversed: no longer offered, and a merchant may not reverse anything.
    expect((await timeline()).filter((e) => e.ref?.type === 'credit_adjustment')).toHaveLength(0);
    expect((await request(ctx.app).post(`/api/staff/credit-adjustments/${offered[0]?.ref?.id}/reverse`).set(bearer(merchant)).send({ reason })).status).toBe(403);
  });
});
