import { type Banner, MARKETS } from '@merchant-hub/domain';
import { artParamsSchema, artQuerySchema, countryIdParamsSchema, emailParamsSchema, makeBannerQuerySchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import type { RateLimiters } from '../../http/rate-limit';
import { route, type RouteTable } from '../../http/route-table';
import { countryFromHeaders } from './ip-country';
import { bannerSvg, localizedArtUrl } from './banner-art';
import { createListsService } from './lists.service';

const bannerQuerySchema = makeBannerQuerySchema(MARKETS);

const localizedBanner = (banner: Banner, locale: string | undefined): Banner => ({
  ...banner,
  images_details: banner.images_details.map((image) => ({ ...image, banner_image: localizedArtUrl(image.banner_image, locale), background_image: localizedArtUrl(image.background_image, locale) })),
});

export const listsRoutes = (deps: AppDeps, limits: RateLimiters): RouteTable => {
  const lists = createListsService(deps);
  return [
    route({ method: 'get', path: '/countries', summary: 'The five markets: id, name, dial_code, iso_code', handler: async () => ({ data: await lists.countries() }) }),
    route({ method: 'get', path: '/countries/getPhoneCode', summary: 'Dial codes of the markets', handler: async () => ({ data: await lists.phoneCodes() }) }),
    route({
      method: 'get',
      path: '/countries/:id/states',
      summary: 'States or regions of a country: { data: { states } }',
      params: countryIdParamsSchema,
      handler: async ({ params }) => ({ data: { states: await lists.statesOf(params.id) } }),
    }),
    route({
      method: 'get',
      path: '/ip-country',
      summary: 'Visitor country from the proxy header (CF-IPCountry, X-Country-Code), default MY; TW → locale zhtw',
      handler: ({ req }) => {
        const country = countryFromHeaders(req);
        return { data: { country, locale: country === 'TW' ? 'zhtw' : 'en' } };
      },
    }),
    route({ method: 'get', path: '/login-banner', summary: 'Sign-in banner (?locale&country): the drawn art in that language', query: bannerQuerySchema, handler: async ({ query }) => ({ data: localizedBanner(await lists.banner('login', query.country ?? null), query.locale) }) }),
    route({ method: 'get', path: '/signup-banner', summary: 'Sign-up banner (?locale&country)', query: bannerQuerySchema, handler: async ({ query }) => ({ data: localizedBanner(await lists.banner('signup', query.country ?? null), query.locale) }) }),
    route({
      method: 'get',
      path: '/banner-art/:name',
      summary: 'Banner art drawn on the fly (SVG) for the seeded banners',
      params: artParamsSchema,
      query: artQuerySchema,
      handler: ({ params, query, res }) => {
        res.set('Content-Type', 'image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(bannerSvg(params.name, query.locale));
      },
    }),
    // Spec §7: success means the address is free, failure means it is taken. What a sign-up needs and no more
    // (issue 26): one bit, the same 409 whoever holds the address (merchant, staff, deactivated), never cached,
    // and throttled per client address in the budget of the trial's own e-mail check (the `signup` limits).
    // Not per address asked about: enumeration asks about each address once, and a budget per address would let
    // anyone lock a stranger out of signing up with their own.
    route({
      method: 'get',
      path: '/check-email/:email',
      summary: '200 when the e-mail is free, 409 when taken (whoever holds it); rate-limited per client address with the sign-up calls (429)',
      params: emailParamsSchema,
      use: limits('signup'),
      handler: async ({ params, res }) => {
        res.set('Cache-Control', 'no-store');
        await lists.assertEmailFree(params.email);
        return { success: true, available: true };
      },
    }),
    route({ method: 'get', path: '/shop-category', summary: 'Shop categories for the merchant wizard', handler: async () => ({ data: await lists.shopCategories() }) }),
  ];
};
