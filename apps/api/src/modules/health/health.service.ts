import type { AppDeps } from '../../app-deps';
import { pingDatabase } from '../../db/rows';

/** How long a successful database probe stands for every health check that follows it. */
export const DB_PROBE_TTL_MS = 1000;

/**
 * `select 1`, at most once per DB_PROBE_TTL_MS however often the check is called; concurrent checks share
 * one probe. A failed probe is not remembered: the next check asks the database again.
 */
export const databaseProbe = (deps: Pick<AppDeps, 'db'>, now: () => number = () => performance.now()): (() => Promise<void>) => {
  let okUntil = -Infinity;
  let pending: Promise<void> | null = null;
  return () => {
    if (now() < okUntil) return Promise.resolve();
    pending ??= pingDatabase(deps.db).then(() => {
        okUntil = now() + DB_PROBE_TTL_MS;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
};
