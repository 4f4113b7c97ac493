import { activePackagesQuerySchema, packageParamsSchema, packageQuerySchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { route, type RouteTable } from '../../http/route-table';
import { createPackagesService } from './packages.service';

/** Public catalog reads: the checkout pages show a package before anyone signs in. */
export const packagesRoutes = (deps: AppDeps): RouteTable => {
  const service = createPackagesService(deps);
  return [
    route({
      method: 'get',
      path: '/packages/:id',
      summary: 'A package; with ?group=<market> the same tier and period in that market as data.response',
      params: packageParamsSchema,
      query: packageQuerySchema,
      handler: ({ params, query }) => service.packageOf(params.id, query.group),
    }),
    route({
      method: 'get',
      path: '/active-packages',
      summary: 'Plans on sale (id, name, billing_period), optionally for one market',
      query: activePackagesQuerySchema,
      handler: ({ query: { country } }) => service.onSale(country),
    }),
  ];
};
