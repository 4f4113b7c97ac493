import request from 'supertest';
import { createApp } from '../../../app';
import { createLogger } from '../../../http/logging';
import { bearer, staffAndMerchant, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

type Ids = { merchantId: number; userId: number };
/** `cache`: reads the billing page again, so the instance keeps the answer a step of the write changes. */
type Write = { table: string; write: (ctx: TestContext, ids: Ids, cache: () => Promise<unknown>) => Promise<unknown> };

/**
 * Writes straight to the database, past every service: only the triggers of migration 900 can tell the
 * billing read that its answer in memory is out of date.
 */
const WRITES: Write[] = [
  { table: 'subscriptions', write: (ctx, { merchantId }) => ctx.db('subscriptions').where({ merchant_id: merchantId }).update({ quantity: 7 }) },
  { table: 'billing_accounts', write: (ctx, { merchantId }) => ctx.db('billing_accounts').where({ merchant_id: merchantId }).update({ balance: -1234 }) },
  {
    table: 'payment_methods',
    write: (ctx, { merchantId }) => ctx.db('payment_methods').insert({ id: 'pm_cache_test', merchant_id: merchantId, brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2031, created_at: 1 }),
  },
  {
    table: 'stores',
    write: (ctx, { merchantId }) => ctx.db('stores').insert({ merchant_id: merchantId, name: 'Cache Corner', email: 'corner@cache.test', currency_code: 'MYR', created_at: new Date(), updated_at: new Date() }),
  },
  {
    table: 'store_users',
    write: async (ctx, { merchantId }) => {
      const store = await ctx.db('stores').where({ merchant_id: merchantId }).first('id');
      const other = await ctx.db('users').where({ email: 'merchant-sg@demo.test' }).first('id');
      return ctx.db('store_users').insert({ store_id: store.id, user_id: other.id });
    },
  },
  { table: 'sandbox_clocks', write: (ctx, { merchantId }) => ctx.db('sandbox_clocks').insert({ merchant_id: merchantId, offset_seconds: 40 * 86_400 }) },
  {
    table: 'merchants',
    write: async (ctx, { merchantId }) => ctx.db('merchants').where({ id: merchantId }).update({ country_id: (await ctx.db('countries').where({ iso_code: 'SG' }).first('id')).id }),
  },
  {
    table: 'packages',
    write: async (ctx, { merchantId }) => {
      const current = await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).first('package_id');
      return ctx.db('packages').where({ id: current.package_id }).update({ price: 98_765 });
    },
  },
  {
    table: 'promotion_codes',
    write: async (ctx, { merchantId }, cache) => {
      // The coupon shown comes from the subscription's promotion code: attach one (a subscriptions write), then
      // the write under test changes the code itself.
      const promotion = await ctx.db('promotion_codes').first('id');
      await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).update({ promotion_code_id: promotion.id });
      await cache();
      return ctx.db('promotion_codes').where({ id: promotion.id }).update({ code: 'RENAMED1' });
    },
  },
  {
    table: 'coupons',
    write: async (ctx, { merchantId }, cache) => {
      const promotion = await ctx.db('promotion_codes').first('id', 'coupon_id');
      await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default' }).update({ promotion_code_id: promotion.id });
      await cache();
      return ctx.db('coupons').where({ id: promotion.coupon_id }).update({ name: 'Renamed coupon' });
    },
  },
];

/** Each database, and SQLite in a file as well: there the session and the revision are read by its reader connection. */
const setups = [...testDatabases.map((kind) => [kind, kind, false] as const), ['sqlite file', 'sqlite', true] as const];

describe.each(setups)('billing read from memory (%s)', (_name, kind, sqliteFile) => {
  let ctx: TestContext;
  let ids: Ids;
  let support: string;
  let merchant: string;
  // One database for the whole file (each write below changes something the others do not look at).
  beforeAll(async () => {
    ctx = await createTestContext(kind, { sqliteFile });
    ({ support, merchant, ...ids } = await staffAndMerchant(ctx, 'merchant-my@demo.test'));
  });
  afterAll(async () => ctx.close());

  const read = async (app = ctx.app, token = merchant, query: Record<string, number> = {}) => {
    const res = await request(app).get('/api/users/billing/all').query(query).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };
  /** The same read made by an instance that has nothing in memory. */
  const freshRead = (token = merchant, query: Record<string, number> = {}) =>
    read(createApp({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config, logger: createLogger('silent'), rateLimits: false }), token, query);

  it('answers a repeated read from memory: one statement after the session', async () => {
    const statements: string[] = [];
    await read();
    ctx.db.on('query', (query: { sql: string }) => statements.push(query.sql));
    const answer = await read();
    ctx.db.removeAllListeners('query');
    expect(answer).toEqual(await freshRead());
    expect(statements.filter((sql) => /billing_revisions/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => /from subscriptions|from payment_methods|from stores/.test(sql))).toEqual([]);
  });

  it('tags each answer with an ETag of its content and its `now`, and answers 304 while both hold', async () => {
    const tagged = async (headers: Record<string, string> = {}) => request(ctx.app).get('/api/users/billing/all').set(bearer(merchant)).set(headers);
    const first = await tagged();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+-\d+"$/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.text));
    const again = await tagged({ 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // `now` moved: a new tag, the whole answer.
    ctx.clock.advance(1);
    const later = await tagged({ 'If-None-Match': etag });
    expect(later.status).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
    // Another merchant's answer never shares a tag with this one.
    const other = await request(ctx.app).get('/api/users/billing/all').set(bearer(await tokenFor(ctx, 'merchant-sg@demo.test')));
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(later.headers.etag);
  });

  it('reads, for a store’s member who owns no merchant, the billing of the merchant the store belongs to', async () => {
    // An owner's merchant comes with the session (one statement); a member's is looked up by its store.
    // The member: a copy of the owner's user (verified, same password and roles) under another address.
    const { id: ownerId, ...owner } = await ctx.db('users').where({ email: 'merchant-my@demo.test' }).first();
    const [member] = await ctx.db('users').insert({ ...owner, email: 'member@cache.test', name: 'Store Member', phone: '+60123450999' }).returning('id');
    const memberId = Number(member.id ?? member);
    const roles = await ctx.db('user_roles').where({ user_id: ownerId }).select('role_id');
    await ctx.db('user_roles').insert(roles.map(({ role_id }: { role_id: number }) => ({ user_id: memberId, role_id })));
    const store = await ctx.db('stores').where({ merchant_id: ids.merchantId }).first('id');
    await ctx.db('store_users').insert({ store_id: store.id, user_id: memberId });
    const own = await read();
    const asMember = await read(ctx.app, await tokenFor(ctx, 'member@cache.test'));
    expect({ ...asMember, now: null }).toEqual({ ...own, now: null });
  });

  it('writes `now` anew on every answer, from the clock and the merchant’s sandbox offset', async () => {
    const first = await read();
    ctx.clock.advance(3_600);
    const later = await read();
    expect(Date.parse(String(later.now)) - Date.parse(String(first.now))).toBe(3_600_000);
    expect({ ...later, now: null }).toEqual({ ...first, now: null });
  });

  it('keeps the staff view (hidden plans listed) apart from the merchant’s own', async () => {
    const staffView = await read(ctx.app, support, { user_id: ids.userId });
    const own = await read();
    expect(own).toEqual(await freshRead());
    expect(staffView).toEqual(await freshRead(support, { user_id: ids.userId }));
  });

  it.each(WRITES.map((w) => [w.table, w] as const))('sees a write to %s made past the services', async (_table, { write }) => {
    await read();
    const before = await read();
    await write(ctx, ids, () => read());
    const after = await read();
    expect(after).not.toEqual(before);
    expect(after).toEqual(await freshRead());
  });
});
