import type { ApiModule } from '../api-module';
import { healthRouter } from './health.router';

export const healthModule: ApiModule = {
  name: 'health',
  router: (deps, ctx) => healthRouter(deps, ctx.setSecurityHeaders),
  probe: true,
  docs: [{ method: 'get', path: '/api/health', summary: 'Readiness: 200 { status: "ok" } once migrated and serving' }],
};
