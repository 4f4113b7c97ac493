import { normalizeLocale, resources, type SupportedLocale } from '@merchant-hub/i18n';

const PALETTES = [
  ['#1c7ed6', '#15aabf'],
  ['#7048e8', '#e64980'],
  ['#0ca678', '#74b816'],
];

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The product languages the art is drawn in; anything else falls back to English. */
export const artLocaleOf = (locale: string | null | undefined): SupportedLocale => {
  const normalized = normalizeLocale(locale);
  return normalized === 'ar' || normalized === 'he' ? 'en' : normalized;
};

/** Banner art drawn on the fly, in the page's language, so the seeded banners work without any asset pipeline. */
export const bannerSvg = (name: string, locale?: string | null): string => {
  const [placement, , slideWithExt] = name.replace('.svg', '').split('-');
  const slide = Math.max(1, Number(slideWithExt)) - 1;
  const [from, to] = PALETTES[slide % PALETTES.length];
  const background = name.includes('-bg');
  const headlines = resources[artLocaleOf(locale)].account.bannerArt;
  const key = `${placement === 'signup' ? 'signup' : 'login'}${(slide % 3) + 1}` as keyof typeof headlines;
  const text = background ? '' : escapeXml(headlines[key]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)" opacity="${background ? 0.35 : 1}"/>
<text x="600" y="420" font-family="system-ui,sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
};

/** The product's own drawn art follows the page's language (`?locale=`); a banner uploaded elsewhere is left as it is. */
export const localizedArtUrl = (url: string, locale: string | null | undefined): string =>
  locale && url.startsWith('/api/banner-art/') ? `${url.split('?')[0]}?locale=${artLocaleOf(locale)}` : url;
