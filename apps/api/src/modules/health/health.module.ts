import { route } from '../../http/route-table';
import type { ApiModule } from '../registry';

export const healthModule: ApiModule = {
  name: 'health',
  routes: (deps) => [
    route({
      method: 'get',
      path: '/health',
      summary: 'Readiness: 200 { status: "ok" } once migrated and serving',
      handler: async ({ res }) => {
        await deps.db.raw('select 1');
        res.set('Cache-Control', 'no-store').json({ status: 'ok' });
      },
    }),
  ],
};
