import type { ApiModule } from '../registry';
import { listsRouter } from './lists.router';

export const listsModule: ApiModule = {
  name: 'lists',
  router: (deps) => listsRouter(deps),
  docs: [
    { method: 'get', path: '/api/countries', summary: 'The five markets: id, name, dial_code, iso_code' },
    { method: 'get', path: '/api/countries/{id}/states', summary: 'States or regions of a country: { data: { states } }' },
    { method: 'get', path: '/api/countries/getPhoneCode', summary: 'Dial codes of the markets' },
    { method: 'get', path: '/api/ip-country', summary: 'Visitor country from the proxy header (CF-IPCountry, X-Country-Code), default MY; TW → locale zhtw' },
    { method: 'get', path: '/api/login-banner', summary: 'Sign-in banner (?locale&country)' },
    { method: 'get', path: '/api/signup-banner', summary: 'Sign-up banner' },
    { method: 'get', path: '/api/check-email/{email}', summary: '200 when the e-mail is free, 409 when taken' },
    { method: 'get', path: '/api/shop-category', summary: 'Shop categories for the merchant wizard' },
    { method: 'get', path: '/api/banner-art/{name}', summary: 'Banner art drawn on the fly (SVG) for the seeded banners' },
  ],
};
