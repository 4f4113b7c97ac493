import request from 'supertest';
import { createApp } from '../../../app';
import type { Db } from '../../../db/knex';
import { createLogger } from '../../../http/logging';
import { createMetrics } from '../../../http/metrics';
import { startBillingScheduler } from '../../billing';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { readinessCheck } from '../readiness';

const TOKEN = 'metrics-token-0123456789';

describe.each(testDatabases)('operations endpoints (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());

  it('GET /api/health/live answers while the process serves', async () => {
    const res = await request(ctx.app).get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/ready is 200 when migrated and 503 naming the check while a migration is pending', async () => {
    // A fresh app, so nothing was cached: take the newest migration off the books first.
    const last = await ctx.db('knex_migrations').orderBy('id', 'desc').first();
    await ctx.db('knex_migrations').where({ id: last.id }).delete();
    const app = createApp({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config, rateLimits: false, logger: createLogger('silent') });
    const pending = await request(app).get('/api/health/ready');
    expect(pending.status).toBe(503);
    expect(pending.body).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
    await ctx.db('knex_migrations').insert(last);
    const ready = await request(app).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'current' } });
  });

  it('GET /api/metrics serves Prometheus text: durations by declared route, billing counters, outbox backlog, scheduler lag', async () => {
    await request(ctx.app).get('/api/countries');
    await request(ctx.app).get('/api/no-such-thing');
    const res = await request(ctx.app).get('/api/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/countries",status="2xx"\} 1$/m);
    // Unmatched paths share one label: a scanner cannot blow up the number of series.
    expect(res.text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="unmatched",status="4xx"\} 1$/m);
    expect(res.text).not.toContain('no-such-thing');
    for (const name of ['billing_renewals_total', 'billing_payment_failures_total', 'outbox_backlog', 'billing_scheduler_lag_seconds']) {
      expect(res.text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
  });

  it('counts the outbox backlog at scrape time', async () => {
    await ctx.db('outbox').insert({ channel: 'email', to_address: 'late@example.test', subject: 's', body_encrypted: 'x', kind: 'login_code', created_at: ctx.clock.now(), status: 'pending', next_attempt_at: ctx.clock.now() });
    const res = await request(ctx.app).get('/api/metrics');
    expect(res.text).toMatch(/^outbox_backlog 1$/m);
    await ctx.db('outbox').where({ to_address: 'late@example.test' }).delete();
  });

  it('takes scheduler runs through the observer: runs, renewals and lag reach the metrics', async () => {
    const metrics = createMetrics();
    const deps = { db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: ctx.config, metrics };
    const scheduler = startBillingScheduler(deps, { intervalMs: 60_000, observer: metrics.scheduler });
    await scheduler.stop();
    const app = createApp({ ...deps, rateLimits: false, logger: createLogger('silent') });
    const res = await request(app).get('/api/metrics');
    expect(res.text).toMatch(/^billing_scheduler_runs_total\{outcome="ok"\} 1$/m);
    expect(res.text).toMatch(/^billing_scheduler_run_seconds_count 1$/m);
  });

  it('with METRICS_TOKEN only a caller with the bearer token reads the metrics', async () => {
    const app = createApp({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: { ...ctx.config, metricsToken: TOKEN }, rateLimits: false, logger: createLogger('silent') });
    const none = await request(app).get('/api/metrics');
    expect(none.status).toBe(401);
    expect(none.body.error.key).toBe('errors:error.unauthenticated');
    expect((await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
    const ok = await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds');
  });

  it('in production without METRICS_TOKEN there are no metrics at all', async () => {
    const app = createApp({ db: ctx.db, clock: ctx.clock, notifier: ctx.notifier, config: { ...ctx.config, nodeEnv: 'production' }, rateLimits: false, logger: createLogger('silent') });
    const res = await request(app).get('/api/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
  });
});

describe('readinessCheck', () => {
  it('reports the database down, without hanging, when it does not answer', async () => {
    const hung = { raw: () => new Promise(() => undefined) } as unknown as Db;
    expect(await readinessCheck(hung, 50)()).toEqual({ ready: false, checks: { database: 'down', migrations: 'unknown' } });
    const failing = { raw: () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as Db;
    expect(await readinessCheck(failing, 50)()).toEqual({ ready: false, checks: { database: 'down', migrations: 'unknown' } });
  });
});
