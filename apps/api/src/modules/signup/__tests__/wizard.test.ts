import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ALL_TABLES, createTestContext, dumpDatabase, mailbox, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 3)]);
const EMAIL = 'owner@wizard.test';

describe.each(testDatabases)('merchant-creation wizard (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    const support = await tokenFor(ctx, 'support@demo.test');
    await request(ctx.app).post('/api/create-merchant/invite').set(bearer(support)).send({ email: EMAIL, firstname: 'Nur', lastname: 'Izzah' }).expect(201);
    token = (await mailbox(ctx, EMAIL))[0].link?.split('/confirm/')[1] as string;
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('audits the staff member’s invite, and a refused one too (issue 26 §6)', async () => {
    const supportId = ctx.demo.get('support@demo.test')?.userId;
    const entry = await ctx.db('audit_log').where({ action: 'merchant.invited' }).first();
    expect(entry).toMatchObject({ actor_user_id: supportId, actor_role: 'support', outcome: 'succeeded' });
    expect(JSON.parse(entry.details)).toMatchObject({ email: EMAIL, firstname: 'Nur' });
    const support = await tokenFor(ctx, 'support@demo.test');
    const taken = await request(ctx.app).post('/api/create-merchant/invite').set(bearer(support)).send({ email: 'merchant-my@demo.test', firstname: 'A', lastname: 'B' });
    expect(taken.status).toBe(409);
    expect(await ctx.db('audit_log').where({ action: 'merchant.invited', outcome: 'refused', error_code: 'email_taken' }).first()).toBeDefined();
  });

  const fields = (): Record<string, string> => ({
    token,
    email: EMAIL,
    firstname: 'Nur',
    lastname: 'Izzah',
    password: 'secret77',
    password_confirmation: 'secret77',
    store_name: 'Izzah Batik',
    store_owner: 'Nur Izzah',
    store_email: 'batik@wizard.test',
    telephone: '+60312345678',
    address: '5 Jalan Batik',
    country: 'MY',
    state_or_region: 'Kelantan',
    shop_category: '1',
  });
  const post = (values: Record<string, string>, files: { storeImage?: Buffer; merchantImage?: Buffer; type?: string } = {}) => {
    let req = request(ctx.app).post('/api/create-merchant');
    for (const [name, value] of Object.entries(values)) req = req.field(name, value);
    if (files.storeImage) req = req.attach('storeImage', files.storeImage, { filename: 'store.png', contentType: files.type ?? 'image/png' });
    if (files.merchantImage) req = req.attach('merchantImage', files.merchantImage, { filename: 'me.jpg', contentType: 'image/jpeg' });
    return req;
  };

  it('shows the e-mail and names behind the link', async () => {
    const res = await request(ctx.app).get(`/api/create-merchant/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ email: EMAIL, firstname: 'Nur', lastname: 'Izzah' });
  });

  it('refuses an unknown link', async () => {
    const res = await request(ctx.app).get(`/api/create-merchant/${'z'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('token_invalid');
  });

  it('creates the merchant with both images, signs in, and spends the link', async () => {
    const res = await post(fields(), { storeImage: PNG, merchantImage: JPG });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Registration successful', user: { email: EMAIL, name: 'Nur Izzah', roles: [{ name: 'main_user' }] } });
    const store = await ctx.db('stores').where({ name: 'Izzah Batik' }).first();
    expect(store.image).toMatch(/^http:\/\/localhost:3000\/api\/uploads\/stores\/[0-9a-f]{32}\.png$/);
    expect(fs.readdirSync(path.join(ctx.uploadDir, 'merchants'))).toHaveLength(1);
    expect(store.shop_category_id).toBe(1);
    const again = await post({ ...fields(), store_name: 'Other', store_email: 'o@wizard.test' }, { storeImage: PNG });
    expect(again.status).toBe(404);
    expect(await dumpDatabase(ctx.db, ALL_TABLES)).not.toContain(token);
  });

  it('requires a store image', async () => {
    const res = await post(fields());
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toEqual({ storeImage: 'validation:wizard.storeImageRequired' });
  });

  it('refuses a GIF posing as a PNG and writes no file', async () => {
    const res = await post(fields(), { storeImage: Buffer.from('GIF89a......') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You can only upgrade JPG/PNG file!');
    expect(fs.existsSync(path.join(ctx.uploadDir, 'stores'))).toBe(false);
  });

  it('rejects a short or unmatched password with the wizard messages', async () => {
    const res = await post({ ...fields(), password: 'abc', password_confirmation: 'abd' }, { storeImage: PNG });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.password).toBe('validation:wizard.passwordTooShort');
  });

  it('refuses a taken store name and an unknown region, writing nothing', async () => {
    const res = await post({ ...fields(), store_name: 'Kedai Aisyah', state_or_region: 'Nowhere' }, { storeImage: PNG });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({ store_name: 'errors:register.storeNameExists', state_or_region: 'validation:wizard.regionRequired' });
    expect(await ctx.db('users').where({ email: EMAIL }).first()).toBeUndefined();
    expect(fs.existsSync(path.join(ctx.uploadDir, 'stores'))).toBe(false);
  });

  it('refuses an expired link', async () => {
    ctx.clock.advance(7 * 24 * 3600);
    const res = await post(fields(), { storeImage: PNG });
    expect(res.status).toBe(410);
  });
});
