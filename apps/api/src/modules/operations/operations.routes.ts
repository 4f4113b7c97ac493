import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { createMetrics } from '../../http/metrics';
import { route, type RouteTable } from '../../http/route-table';
import { countOutboxBacklog } from '../notifications';
import { readinessCheck } from './readiness';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /api/metrics: with METRICS_TOKEN set, only a caller sending `Authorization: Bearer <token>`;
 * in production without a token the endpoint does not exist (404); in development and tests it is open.
 */
const assertMayReadMetrics = (deps: AppDeps, req: Request): void => {
  const token = deps.config.metricsToken;
  if (!token) {
    if (deps.config.nodeEnv === 'production') throw new AppError('not_found');
    return;
  }
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!timingSafeEqual(digest(given), digest(token))) throw new AppError('unauthenticated');
};

/** Liveness, readiness and Prometheus metrics (docs/operations.md says what each is for). */
export const operationsRoutes = (deps: AppDeps): RouteTable => {
  const metrics = deps.metrics ?? createMetrics();
  const ready = readinessCheck(deps.db);
  return [
    route({
      method: 'get',
      path: '/health/live',
      summary: 'Liveness: 200 while the process serves requests (touches nothing else; restart the instance when it fails)',
      handler: ({ res }) => {
        res.set('Cache-Control', 'no-store');
        return { status: 'ok' };
      },
    }),
    route({
      method: 'get',
      path: '/health/ready',
      summary: 'Readiness: 200 when the database answers and every migration has run, otherwise 503 with the failing check',
      handler: async ({ res }) => {
        const { ready: ok, checks } = await ready();
        res.status(ok ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ok ? 'ok' : 'unavailable', checks });
      },
    }),
    route({
      method: 'get',
      path: '/metrics',
      summary: 'Prometheus metrics (text format 0.0.4): request durations by route, renewals, payment failures, outbox backlog, scheduler lag. Bearer METRICS_TOKEN when set; absent in production without it',
      handler: async ({ req, res }) => {
        assertMayReadMetrics(deps, req);
        metrics.outboxBacklog.set(await countOutboxBacklog(deps.db));
        metrics.schedulerLag.set(Math.max(0, (Date.now() - metrics.lastSchedulerTickAt()) / 1000));
        res.set('Content-Type', metrics.registry.contentType).set('Cache-Control', 'no-store').send(await metrics.registry.metrics());
      },
    }),
  ];
};
