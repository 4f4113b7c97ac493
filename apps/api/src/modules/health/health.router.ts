import { type Response, Router } from 'express';
import type { AppDeps } from '../../app-deps';
import { pingDatabase } from '../../db/rows';
import { assignRequestId } from '../../http/logging';

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

/**
 * Mounted ahead of the access log and the parsers (see `probe` in the registry): a load balancer calls it
 * every few seconds, so it is not logged, reads no cookie and no session, and still gets helmet's headers
 * (worked out once, see presetHeaders in app.ts) and a request id.
 */
export const healthRouter = (deps: AppDeps, setSecurityHeaders: (res: Response) => void): Router => {
  const router = Router();
  const probe = databaseProbe(deps);
  router.get('/health', async (req, res) => {
    setSecurityHeaders(res);
    assignRequestId(req, res);
    await probe();
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  return router;
};
