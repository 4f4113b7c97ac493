import type { ApiModule } from '../registry';
import { activePackagesQuerySchema, packageQuerySchema, packagesRouter } from './packages.router';

export const packagesModule: ApiModule = {
  name: 'packages',
  router: (deps) => packagesRouter(deps),
  docs: [
    { method: 'get', path: '/api/packages/{id}', summary: 'A package; with ?group=<market> the same tier and period in that market as data.response', query: packageQuerySchema },
    { method: 'get', path: '/api/active-packages', summary: 'Plans on sale (id, name, billing_period), optionally for one market', query: activePackagesQuerySchema },
  ],
};
