import { type Response, Router } from 'express';
import type { AppDeps } from '../../app-deps';
import { assignRequestId } from '../../http/logging';
import { databaseProbe } from './health.service';

export { DB_PROBE_TTL_MS, databaseProbe } from './health.service';

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
