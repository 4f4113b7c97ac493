import { activePackagesQuerySchema, packageParamsSchema, packageQuerySchema } from '@merchant-hub/validation';
import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { bearerToken, cookieToken, requireAuth, type AuthContext } from '../../http/auth';
import { route, type RouteTable } from '../../http/route-table';
import { createPackagesService } from './packages.service';

/**
 * A public route's session, when the request carries one: staff see what visitors do not. A missing, expired or
 * revoked session is no error here; the request is then a visitor's.
 */
const sessionIfAny = (deps: AppDeps): RequestHandler => {
  const session = requireAuth(deps);
  return async (req, res, next) => {
    if (bearerToken(req) || cookieToken(req)) {
      try {
        await session(req, res, () => undefined);
      } catch {
        // a visitor
      }
    }
    next();
  };
};

const isStaff = (res: Response): boolean => (res.locals.auth as AuthContext | undefined)?.isStaff === true;

/** Public catalog reads: the checkout pages show a package before anyone signs in. */
export const packagesRoutes = (deps: AppDeps): RouteTable => {
  const service = createPackagesService(deps);
  return [
    route({
      method: 'get',
      path: '/packages/:id',
      summary: 'A package; with ?group=<market> the same tier and period in that market as data.response. Hidden plans (and add-ons) only for staff (spec §6)',
      params: packageParamsSchema,
      query: packageQuerySchema,
      use: [sessionIfAny(deps)],
      handler: ({ params, query, res }) => service.packageOf(params.id, query.group, isStaff(res)),
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
