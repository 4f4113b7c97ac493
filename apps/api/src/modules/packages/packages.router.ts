import { isMarket, type Market } from '@merchant-hub/domain';
import { positiveId } from '@merchant-hub/validation';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { activePackages, findPackage, packageInGroup } from './packages.repository';

const COUNTRY_MARKETS: Readonly<Record<string, Market>> = { malaysia: 'MY', singapore: 'SG', philippines: 'PH', thailand: 'TH', taiwan: 'TW' };

/** `group` names a market: an ISO code (TW) or a country name (Taiwan). */
const marketOf = (group: string): Market | null => {
  const upper = group.trim().toUpperCase();
  if (isMarket(upper)) return upper;
  return COUNTRY_MARKETS[group.trim().toLowerCase()] ?? null;
};

export const packageParamsSchema = z.object({ id: positiveId() });
export const packageQuerySchema = z.object({ group: z.string().trim().min(1).max(40).optional() });
export const activePackagesQuerySchema = z.object({ country: z.string().trim().min(2).max(40).optional() });

/** Public catalog reads: the checkout pages show a package before anyone signs in. */
export const packagesRouter = (deps: AppDeps): Router => {
  const router = Router();

  router.get('/packages/:id', async (req, res) => {
    const { id } = packageParamsSchema.parse(req.params);
    const { group } = packageQuerySchema.parse(req.query);
    const pkg = await findPackage(deps.db, id);
    if (!pkg) throw new AppError('not_found', { message: 'Package not found' });
    if (group === undefined) {
      res.json({ data: pkg });
      return;
    }
    const market = marketOf(group);
    const inGroup = market ? await packageInGroup(deps.db, pkg, market) : null;
    if (!inGroup) throw new AppError('not_found', { message: 'Package not found' });
    res.json({ data: { response: inGroup } });
  });

  router.get('/active-packages', async (req, res) => {
    const { country } = activePackagesQuerySchema.parse(req.query);
    const market = country ? marketOf(country) : null;
    if (country && !market) throw new AppError('not_found', { message: 'Unknown market' });
    const packages = await activePackages(deps.db, market ?? undefined);
    res.json({ data: packages.map((p) => ({ id: p.id, name: p.name, billing_period: p.billing_period, market: p.market, currency: p.currency, price: p.price, subtotal: p.subtotal })) });
  });

  return router;
};
