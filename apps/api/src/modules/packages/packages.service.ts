import { isMarket, type Market } from '@merchant-hub/domain';
import type { Db } from '../../db/knex';
import { AppError } from '../../http/errors';
import { activePackages, type CatalogPackage, findPackage, packageInGroup } from './packages.repository';

const COUNTRY_MARKETS: Readonly<Record<string, Market>> = { malaysia: 'MY', singapore: 'SG', philippines: 'PH', thailand: 'TH', taiwan: 'TW' };

/** `group` names a market: an ISO code (TW) or a country name (Taiwan). */
const marketOf = (group: string): Market | null => {
  const upper = group.trim().toUpperCase();
  if (isMarket(upper)) return upper;
  return COUNTRY_MARKETS[group.trim().toLowerCase()] ?? null;
};

/** Public catalog reads: the checkout pages show a package before anyone signs in. */
export const createPackagesService = (deps: { db: Db }) => ({
  /**
   * A package; with `group` (a market) the same tier and period in that market. Spec §6: only staff see hidden
   * plans (and add-ons); to anyone else one is not found, as an id that does not exist.
   */
  packageOf: async (id: number, group: string | undefined, viewerIsStaff: boolean) => {
    const shown = (pkg: CatalogPackage | null | undefined): pkg is CatalogPackage => Boolean(pkg) && (!pkg?.hide || viewerIsStaff);
    const pkg = await findPackage(deps.db, id);
    if (!shown(pkg)) throw new AppError('not_found', { message: 'Package not found' });
    if (group === undefined) return { data: pkg };
    const market = marketOf(group);
    const inGroup = market ? await packageInGroup(deps.db, pkg, market) : null;
    if (!shown(inGroup)) throw new AppError('not_found', { message: 'Package not found' });
    return { data: { response: inGroup } };
  },
  /** Plans on sale, optionally for one market. */
  onSale: async (country: string | undefined) => {
    const market = country ? marketOf(country) : null;
    if (country && !market) throw new AppError('not_found', { message: 'Unknown market' });
    const packages = await activePackages(deps.db, market ?? undefined);
    return { data: packages.map((p) => ({ id: p.id, name: p.name, billing_period: p.billing_period, market: p.market, currency: p.currency, price: p.price, subtotal: p.subtotal })) };
  },
});
