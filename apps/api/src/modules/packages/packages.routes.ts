import { isMarket, type Market } from '@merchant-hub/domain';
import { activePackagesQuerySchema, packageParamsSchema, packageQuerySchema } from '@merchant-hub/validation';
import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { bearerToken, cookieToken, requireAuth, type AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { route, type RouteTable } from '../../http/route-table';
import { activePackages, type CatalogPackage, findPackage, packageInGroup } from './packages.repository';

const COUNTRY_MARKETS: Readonly<Record<string, Market>> = { malaysia: 'MY', singapore: 'SG', philippines: 'PH', thailand: 'TH', taiwan: 'TW' };

/** `group` names a market: an ISO code (TW) or a country name (Taiwan). */
const marketOf = (group: string): Market | null => {
  const upper = group.trim().toUpperCase();
  if (isMarket(upper)) return upper;
  return COUNTRY_MARKETS[group.trim().toLowerCase()] ?? null;
};


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
export const packagesRoutes = (deps: AppDeps): RouteTable => [
  route({
    method: 'get',
    path: '/packages/:id',
    summary: 'A package; with ?group=<market> the same tier and period in that market as data.response. Hidden plans (and add-ons) only for staff (spec §6)',
    params: packageParamsSchema,
    query: packageQuerySchema,
    use: [sessionIfAny(deps)],
    handler: async ({ params, query, res }) => {
      // Spec §6: only staff see hidden plans; to anyone else one is not found, as an id that does not exist.
      const shown = (pkg: CatalogPackage | null): pkg is CatalogPackage => pkg !== null && (!pkg.hide || isStaff(res));
      const pkg = await findPackage(deps.db, params.id);
      if (!shown(pkg)) throw new AppError('not_found', { message: 'Package not found' });
      if (query.group === undefined) return { data: pkg };
      const market = marketOf(query.group);
      const inGroup = market ? await packageInGroup(deps.db, pkg, market) : null;
      if (!shown(inGroup)) throw new AppError('not_found', { message: 'Package not found' });
      return { data: { response: inGroup } };
    },
  }),
  route({
    method: 'get',
    path: '/active-packages',
    summary: 'Plans on sale (id, name, billing_period), optionally for one market',
    query: activePackagesQuerySchema,
    handler: async ({ query: { country } }) => {
      const market = country ? marketOf(country) : null;
      if (country && !market) throw new AppError('not_found', { message: 'Unknown market' });
      const packages = await activePackages(deps.db, market ?? undefined);
      return { data: packages.map((p) => ({ id: p.id, name: p.name, billing_period: p.billing_period, market: p.market, currency: p.currency, price: p.price, subtotal: p.subtotal })) };
    },
  }),
];
