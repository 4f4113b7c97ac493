// What the build prerenders of this app (tools/vite/prerender.ts): the card and gateway checkouts as they
// look while their package loads, in English. Node imports `pages` and `root`; the browser gets
// `showsPrerender` inlined into the page's <head>.
import { prerenderRoot } from '@merchant-hub/app-root';
import { ColorSchemeHead, pageLanguage as languageOf, pageLocale } from '@merchant-hub/ui-kit';
import { CheckoutRoutes, preloadPage } from './app/routes';
import { hasActiveSession } from './checkout/session';

/** Each page: the file it is written to, the path it is rendered at, the paths the API serves it on and its tab's title (a key of the texts). */
export const pages = [
  { file: 'card-checkout.html', url: '/subscribe-payment/1', pattern: '^/subscribe-payment/\\d+/?$', titleKey: 'checkout:title.card' },
  { file: 'gateway-checkout.html', url: '/subscribe/1', pattern: '^/subscribe/\\d+(/[^/]+)?/?$', titleKey: 'checkout:title.gateway' },
];

/** The tree main.tsx (mountApp) renders there; what goes into the page's <head> besides. */
export const root = async (url: string) => {
  // The page's code and its lazy parts' are in before the render, which never suspends: the parts are drawn in
  // place (the browser hydrates them when their code lands, see main.tsx).
  await preloadPage(url, { withParts: true });
  return prerenderRoot({ app: <CheckoutRoutes />, url });
};
export const head = () => <ColorSchemeHead />;
/** A page's tab title in every language, from its titleKey (a function the head script leaves out, never a module-level call). */
export { prerenderTitles as titles } from '@merchant-hub/app-root';

/**
 * Run in the page's <head> before it paints: whether the app's first render will be the prerendered page.
 * Not in English, it would flash English texts; signed in, the checkout before billing; the card checkout's
 * bank variant (`?type=fpx`, a bank picker where the card field is) is not the page prerendered.
 */
export const showsPrerender = (): boolean =>
  pageLocale(window.location.search, window.localStorage) === 'en' && !hasActiveSession() && new URLSearchParams(window.location.search).get('type') !== 'fpx';

/** Run in the page's <head> too: the language `<html lang>` and the tab's title are set to before it paints. */
export const pageLanguage = () => languageOf(window.location.search, window.localStorage);
