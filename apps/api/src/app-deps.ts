import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Db } from './db/knex';
import type { Metrics } from './http/metrics';
import type { RateLimitSettings } from './http/rate-limit';
import type { Notifier } from './modules/notifications';

/** Everything a router or service needs from the outside world; tests pass their own. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  config: AppConfig;
  logger?: Logger;
  /** `false` turns rate limiting off; a partial object overrides single limits. */
  rateLimits?: false | Partial<RateLimitSettings>;
  /** The Prometheus registry; createApp makes one when absent (main.ts shares its own with the scheduler). */
  metrics?: Metrics;
};
