import request from 'supertest';
import type { Db } from '../../../db/knex';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { DB_PROBE_TTL_MS, databaseProbe } from '../health.router';

describe.each(testDatabases)('GET /api/health (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());

  it('answers ok with the security headers and a request id, and stays out of the access log', async () => {
    const res = await request(ctx.app).get('/api/health').set('X-Request-Id', 'probe-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBe('probe-1');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(ctx.logs.join('')).not.toContain('/api/health');
    // Every other route is still logged.
    await request(ctx.app).get('/api/countries');
    expect(ctx.logs.join('')).toContain('/api/countries');
  });

  it('still rejects what it does not serve: other methods fall through to the API', async () => {
    const res = await request(ctx.app).post('/api/health');
    expect(res.status).toBe(404);
  });
});

describe('databaseProbe', () => {
  const fakeDb = (answers: Array<'ok' | 'down'>) => {
    const calls: string[] = [];
    const db = {
      raw: (sql: string) => {
        calls.push(sql);
        const answer = answers.shift() ?? 'ok';
        return answer === 'ok' ? Promise.resolve([]) : Promise.reject(new Error('database unavailable'));
      },
    } as unknown as Db;
    return { db, calls };
  };

  it('shares one probe between concurrent checks and reuses a success for the TTL only', async () => {
    let now = 0;
    const { db, calls } = fakeDb(['ok', 'ok']);
    const probe = databaseProbe({ db }, () => now);
    await Promise.all([probe(), probe(), probe()]);
    expect(calls).toEqual(['select 1']);
    now = DB_PROBE_TTL_MS - 1;
    await probe();
    expect(calls).toHaveLength(1);
    now = DB_PROBE_TTL_MS + 1;
    await probe();
    expect(calls).toHaveLength(2);
  });

  it('never remembers a failure: the check fails and the next one asks the database again', async () => {
    const { db, calls } = fakeDb(['down', 'ok']);
    const probe = databaseProbe({ db }, () => 0);
    await expect(probe()).rejects.toThrow('database unavailable');
    await expect(probe()).resolves.toBeUndefined();
    expect(calls).toHaveLength(2);
  });
});
