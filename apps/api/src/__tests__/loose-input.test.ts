import request from 'supertest';
import { CSRF, createTestContext, signIn, type TestContext } from '../test-support/test-app';

const MY = 'merchant-my@demo.test';
const HEX = 'ab'.repeat(16);

describe('loose input is refused: integers are decimal digits, images are the product’s own, names carry no markup', () => {
  let ctx: TestContext;
  let token: string;
  let userId: number;
  let store: number;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    token = (await signIn(ctx, MY)).token;
    userId = ctx.demo.get(MY)?.userId as number;
    store = ctx.demo.get(MY)?.storeIds[0] as number;
  });
  afterAll(async () => ctx.close());
  const auth = () => ({ Authorization: `Bearer ${token}` });

  it.each(['0x1', '1e0', ' 2', '2 ', '+2', '2.0'])('prices no add-on for the quantity %p', async (quantity) => {
    const res = await request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(auth()).query({ addon_store_quantity: quantity, store_id: store });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.addon_store_quantity).toBe('validation:billing.quantityInvalid');
  });

  it('reads a plain digit quantity', async () => {
    const res = await request(ctx.app).get('/api/users/usage-addon/get-amount-to-pay').set(auth()).query({ addon_store_quantity: '2', store_id: String(store) });
    expect(res.status).toBe(200);
  });

  it('refuses a body quantity written as text other than digits', async () => {
    const res = await request(ctx.app).post('/api/users/usage-addon/subscribe').set(auth()).send({ addon_store_quantity: '1e0', store_id: store });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.addon_store_quantity).toBe('validation:billing.quantityInvalid');
  });

  it.each(['/api/users/0x1', '/api/packages/1e0', '/api/countries/0x1/states', '/api/users/%202'])('refuses the path id in %s', async (url) => {
    const res = await request(ctx.app).get(url).set(auth());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  const profile = (patch: Record<string, unknown>) =>
    request(ctx.app).put(`/api/users/${userId}`).set(auth()).set(CSRF).send({ name: 'Aisyah Rahman', email: MY, phone: '+60123456701', ...patch });

  it.each([
    'javascript:alert(document.cookie)',
    'https://tracker.example/pixel.png',
    `https://tracker.example/api/uploads/avatars/${HEX}.png`,
    `http://localhost:3000.tracker.example/api/uploads/avatars/${HEX}.png`,
    `http://localhost:3000/api/uploads/avatars/${HEX}.png?track=1`,
    'data:image/png;base64,iVBORw0KGgo=',
  ])('refuses the profile image_url %p and keeps the old one', async (imageUrl) => {
    const before = (await ctx.db('users').where({ id: userId }).first('image_url')).image_url;
    const res = await profile({ image_url: imageUrl });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.image_url).toBe('validation:profile.imageInvalid');
    expect((await ctx.db('users').where({ id: userId }).first('image_url')).image_url).toBe(before);
  });

  it('accepts the product’s own upload URL, absolute or as its path', async () => {
    expect((await profile({ image_url: `http://localhost:3000/api/uploads/avatars/${HEX}.png` })).status).toBe(200);
    const res = await profile({ image_url: `/api/uploads/avatars/${HEX}.jpg` });
    expect(res.status).toBe(200);
    expect((await ctx.db('users').where({ id: userId }).first('image_url')).image_url).toBe(`http://localhost:3000/api/uploads/avatars/${HEX}.jpg`);
  });

  it('refuses markup in the profile name with a translated message', async () => {
    const res = await profile({ name: '<img src=x onerror=alert(1)>' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.name).toBe('validation:common.markupNotAllowed');
    expect((await ctx.db('users').where({ id: userId }).first('name')).name).toBe('Aisyah Rahman');
  });
});
