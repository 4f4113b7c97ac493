import type { Options } from 'express-rate-limit';
import request from 'supertest';
import { createApp } from '../../app';
import { createDb, type Db } from '../../db/knex';
import { createLogger } from '../../http/logging';
import { createTestContext, testDatabases, type TestContext } from '../../test-support/test-app';
import { DatabaseRateLimitStore } from '../rate-limit-store';

const WINDOW_MS = 60_000;

describe.each(testDatabases)('rate-limit counters in the database (%s)', (kind) => {
  let ctx: TestContext;
  let now: number;
  const storeOn = (db: Db): DatabaseRateLimitStore => {
    const store = new DatabaseRateLimitStore(db, () => now);
    store.init({ windowMs: WINDOW_MS } as Options);
    return store;
  };
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());
  beforeEach(() => {
    now = 1_800_000_000_000;
  });

  it('counts hits in a window, starts a new one when it ends, and takes back and resets hits', async () => {
    const store = storeOn(ctx.db);
    const key = `login:account:${kind}-window@example.test`;
    expect(await store.increment(key)).toEqual({ totalHits: 1, resetTime: new Date(now + WINDOW_MS) });
    now += 1000;
    expect(await store.increment(key)).toEqual({ totalHits: 2, resetTime: new Date(now - 1000 + WINDOW_MS) });
    await store.decrement(key);
    expect((await store.get(key))?.totalHits).toBe(1);
    now += WINDOW_MS;
    expect(await store.get(key)).toBeUndefined();
    expect(await store.increment(key)).toEqual({ totalHits: 1, resetTime: new Date(now + WINDOW_MS) });
    await store.resetKey(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('keeps no address in the table and takes keys of any length and character', async () => {
    const store = storeOn(ctx.db);
    const key = `signup:account:${'x'.repeat(100_000)}\u0000@example.test`;
    expect((await store.increment(key)).totalHits).toBe(1);
    expect((await store.increment('login:ip:203.0.113.9')).totalHits).toBe(1);
    const stored = (await ctx.db('rate_limit_counters').select('key')).map((row) => String(row.key));
    expect(stored.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });

  it('loses no hit when the same key is counted from two connections at once', async () => {
    // PostgreSQL: a second pool, as another instance has. SQLite: its one connection (one process by design).
    const second = ctx.databaseUrl ? createDb({ url: ctx.databaseUrl }) : null;
    try {
      const [a, b] = [storeOn(ctx.db), storeOn(second ?? ctx.db)];
      const key = 'otpSubmit:account:race@example.test';
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).increment(key)));
      expect(counts.map((c) => c.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect((await b.get(key))?.totalHits).toBe(40);
    } finally {
      await second?.destroy();
    }
  });

  it('holds one limit across two apps on one PostgreSQL database (two instances), and apart on SQLite', async () => {
    const limits = { login: { windowSeconds: 900, perIp: 1000, perAccount: 4 } };
    const second = ctx.databaseUrl ? createDb({ url: ctx.databaseUrl }) : null;
    const appOn = (db: Db) => createApp({ db, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config, logger: createLogger('silent'), rateLimits: limits });
    const [a, b] = [appOn(ctx.db), appOn(second ?? ctx.db)];
    try {
      const login = (app: typeof a) => request(app).post('/api/login').send({ email: 'merchant-th@demo.test', password: 'wrong-password' });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await login(i % 2 === 0 ? a : b)).status);
      // PostgreSQL: the fifth attempt, wherever it lands, is over the account's four. SQLite: each app counts its own
      // three (one process per SQLite database is the deployment, so nothing is shared to count).
      expect(statuses).toEqual(kind === 'postgres' ? [401, 401, 401, 401, 429, 429] : [401, 401, 401, 401, 401, 401]);
    } finally {
      await second?.destroy();
    }
  });
});
