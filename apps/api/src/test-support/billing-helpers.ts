import request from 'supertest';
import { signIn, type TestContext } from './test-app';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const tokenFor = async (ctx: TestContext, email: string): Promise<string> => (await signIn(ctx, email)).token;

/** A support member's token and a demo merchant's own token, user id and merchant id (staff acting for it). */
export const staffAndMerchant = async (ctx: TestContext, email: string) => {
  const [support, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, email)]);
  const userId = ctx.demo.get(email)?.userId as number;
  const merchantId = Number((await ctx.db('merchants').where({ owner_user_id: userId }).first('id')).id);
  return { support, merchant, userId, merchantId };
};

export const packageId = async (ctx: TestContext, stripeId: string): Promise<number> => Number((await ctx.db('packages').where({ stripe_id: stripeId }).first('id')).id);

export const newCard = async (ctx: TestContext, number: string): Promise<string> => {
  const res = await request(ctx.app).post('/api/sandbox/payment-methods').send({ number, exp_month: 12, exp_year: 2030, cvc: '123' });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

export const chargeCount = async (ctx: TestContext, merchantId: number): Promise<number> =>
  Number((await ctx.db('payments').where({ merchant_id: merchantId }).count({ n: '*' }).first())?.n ?? 0);

export const advance = async (ctx: TestContext, staffToken: string, userId: number, seconds: number) => {
  const res = await request(ctx.app).post('/api/sandbox/clock/advance').set(bearer(staffToken)).send({ user_id: userId, seconds });
  expect(res.status).toBe(200);
  return res.body as { now: string };
};
