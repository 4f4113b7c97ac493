import { isMarket, MARKETS, type Market } from '@merchant-hub/domain';
import { positiveId } from '@merchant-hub/validation';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { findUserByEmail } from '../accounts/accounts.repository';
import { findBanner, listCountries, listShopCategories, listStates } from './lists.repository';

/** Without a proxy header the visitor is treated as Malaysian, the product's home market. */
export const DEFAULT_IP_COUNTRY: Market = 'MY';
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code', 'cloudfront-viewer-country', 'x-vercel-ip-country'];

export const countryFromHeaders = (req: Request): Market => {
  for (const header of COUNTRY_HEADERS) {
    const value = req.get(header)?.trim().toUpperCase();
    if (isMarket(value)) return value;
  }
  return DEFAULT_IP_COUNTRY;
};

const bannerQuery = z.object({
  locale: z.string().trim().max(10).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => (MARKETS as readonly string[]).includes(value), { error: 'validation:common.invalidInput' })
    .optional(),
});
const idParams = z.object({ id: positiveId() });
const emailParams = z.object({ email: z.string().trim().toLowerCase().email().max(255) });
const artParams = z.object({ name: z.string().regex(/^(login|signup)-[a-z]{2,3}-\d(-bg)?\.svg$/) });

const PALETTES = [
  ['#1c7ed6', '#15aabf'],
  ['#7048e8', '#e64980'],
  ['#0ca678', '#74b816'],
];
const HEADLINES: Record<'login' | 'signup', string[]> = {
  login: ['Run every store from one place', 'Plans that grow with your shop', 'Sell on more channels'],
  signup: ['Start your free trial', 'Set up your store in minutes', 'Billing that explains itself'],
};

/** Banner art drawn on the fly, so the seeded banners work without any asset pipeline. */
const bannerSvg = (name: string): string => {
  const [placement, , slideWithExt] = name.replace('.svg', '').split('-');
  const slide = Math.max(1, Number(slideWithExt)) - 1;
  const [from, to] = PALETTES[slide % PALETTES.length];
  const background = name.includes('-bg');
  const text = background ? '' : HEADLINES[placement === 'signup' ? 'signup' : 'login'][slide % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)" opacity="${background ? 0.35 : 1}"/>
<text x="600" y="420" font-family="system-ui,sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
};

export const listsRouter = (deps: AppDeps): Router => {
  const router = Router();
  const { db } = deps;

  router.get('/countries', async (_req, res) => {
    const countries = await listCountries(db);
    res.json({ data: countries.map(({ id, name, dial_code, iso_code }) => ({ id, name, dial_code, iso_code })) });
  });

  router.get('/countries/getPhoneCode', async (_req, res) => {
    const countries = await listCountries(db);
    res.json({ data: countries.map(({ id, name, dial_code, iso_code }) => ({ id, name, iso_code, dial_code, phone_code: `+${dial_code}` })) });
  });

  router.get('/countries/:id/states', async (req, res) => {
    const { id } = idParams.parse(req.params);
    if (!(await db('countries').where({ id }).first('id'))) throw new AppError('not_found');
    res.json({ data: { states: await listStates(db, id) } });
  });

  router.get('/ip-country', (req, res) => {
    const country = countryFromHeaders(req);
    res.json({ data: { country, locale: country === 'TW' ? 'zhtw' : 'en' } });
  });

  router.get('/login-banner', async (req, res) => {
    const query = bannerQuery.parse(req.query);
    res.json({ data: await findBanner(db, 'login', query.country ?? null) });
  });

  router.get('/signup-banner', async (req, res) => {
    const query = bannerQuery.parse(req.query);
    res.json({ data: await findBanner(db, 'signup', query.country ?? null) });
  });

  router.get('/banner-art/:name', (req, res) => {
    const { name } = artParams.parse(req.params);
    res.set('Content-Type', 'image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(bannerSvg(name));
  });

  // Spec §7: success means the address is free, failure means it is taken.
  router.get('/check-email/:email', async (req, res) => {
    const { email } = emailParams.parse(req.params);
    if (await findUserByEmail(db, email)) throw new AppError('email_taken', { message: 'Email have been used' });
    res.json({ success: true, available: true });
  });

  router.get('/shop-category', async (_req, res) => {
    res.json({ data: await listShopCategories(db) });
  });

  return router;
};
