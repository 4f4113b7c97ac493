import { Router } from 'express';
import type { AppDeps } from '../../app-deps';

export const healthRouter = (deps: AppDeps): Router => {
  const router = Router();
  router.get('/health', async (_req, res) => {
    await deps.db.raw('select 1');
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  return router;
};
