import type { RequestHandler } from 'express';
import { matchedRouteOf } from './route-table';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What one scheduler run reports to whoever watches it (the metrics here; a test can pass its own). */
export type SchedulerRunSummary = { merchants: number; renewed: number; failed: number; retried: number; canceled: number };

/**
 * The scheduler's only view of monitoring: it calls these and knows nothing of Prometheus, so the renewal
 * code can change without touching the metrics.
 */
export type SchedulerObserver = {
  runFinished: (summary: SchedulerRunSummary, seconds: number) => void;
  runFailed: () => void;
};

export type Metrics = {
  registry: Registry;
  /** Times every request after the probes; labelled by the route's declared path, never the raw URL. */
  observeRequests: RequestHandler;
  scheduler: SchedulerObserver;
  /** Set right before a scrape (they cost a query, so they are not kept up to date on every change). */
  outboxBacklog: Gauge;
  schedulerLag: Gauge;
  /** When this process last finished a scheduler tick (epoch ms); `startedAt` until the first one. */
  lastSchedulerTickAt: () => number;
};

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * One registry per app (tests build many apps in one process): nothing is registered globally. `process`
 * adds prom-client's process metrics (CPU, memory, event-loop lag, handles): the running server asks for them.
 */
export const createMetrics = (options: { process?: boolean; now?: () => number } = {}): Metrics => {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  if (options.process) collectDefaultMetrics({ register: registry });
  const startedAt = now();
  let lastTick = startedAt;
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request durations by method, declared route and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renewals = new Counter({ name: 'billing_renewals_total', help: 'Subscription periods renewed by the scheduler', registers: [registry] });
  const paymentFailures = new Counter({ name: 'billing_payment_failures_total', help: 'Off-session renewal charges that failed (dunning started)', registers: [registry] });
  const retries = new Counter({ name: 'billing_dunning_retries_total', help: 'Dunning retries attempted by the scheduler', registers: [registry] });
  const cancellations = new Counter({ name: 'billing_scheduler_cancellations_total', help: 'Subscriptions cancelled by the scheduler after the last failed retry', registers: [registry] });
  const runs = new Counter({ name: 'billing_scheduler_runs_total', help: 'Scheduler ticks by outcome', labelNames: ['outcome'] as const, registers: [registry] });
  const runDuration = new Histogram({ name: 'billing_scheduler_run_seconds', help: 'Duration of scheduler ticks', buckets: [0.1, 0.5, 1, 5, 15, 60, 300], registers: [registry] });
  const outboxBacklog = new Gauge({ name: 'outbox_backlog', help: 'E-mails waiting in the outbox for (re)delivery', registers: [registry] });
  const schedulerLag = new Gauge({ name: 'billing_scheduler_lag_seconds', help: 'Seconds since this process last finished a scheduler tick', registers: [registry] });

  const observeRequests: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      // The matched route table entry (bounded set); anything unmatched shares one label.
      requestDuration.observe({ method: req.method, route: matchedRouteOf(res) ?? 'unmatched', status: statusClass(res.statusCode) }, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };

  const scheduler: SchedulerObserver = {
    runFinished: (summary, seconds) => {
      lastTick = now();
      runs.inc({ outcome: 'ok' });
      runDuration.observe(seconds);
      renewals.inc(summary.renewed);
      paymentFailures.inc(summary.failed);
      retries.inc(summary.retried);
      cancellations.inc(summary.canceled);
    },
    runFailed: () => {
      lastTick = now();
      runs.inc({ outcome: 'failed' });
    },
  };

  return { registry, observeRequests, scheduler, outboxBacklog, schedulerLag, lastSchedulerTickAt: () => lastTick };
};
