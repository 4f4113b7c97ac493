// What the build prerenders of this app (tools/vite/prerender.ts): the sign-in page, for a signed-out visitor
// who will read it in English. Node imports `pages` and `root`; the browser gets `showsPrerender` inlined
// into the page's <head>.
import { prerenderRoot } from '@merchant-hub/app-root';
import { ColorSchemeHead, pageLanguage as languageOf, pageLocale } from '@merchant-hub/ui-kit';
import { PATHS } from './app/gating';
import { GUEST_PAGE_PATTERNS, GuestRoutes, preloadGuestPage } from './app/guest-area';
import { SessionProvider } from './app/session-context';
import { createSessionStore } from './app/session-store';

/** Each page: the file it is written to, the path it is rendered at, the paths the API serves it on and its tab's title (a key of the texts). */
export const pages = [{ file: 'signin.html', url: PATHS.signIn, pattern: '^/signin/?$', titleKey: 'auth:signIn.title' }];

/** The other paths the guest entry (guest.html) is the answer for: every guest page's. */
export const entryPatterns = GUEST_PAGE_PATTERNS;

/** The tree main.tsx renders there, signed out (the guest area, BackOfficeRoot's first render); what goes into the page's <head> besides. */
export const root = async (url: string) => {
  const session = createSessionStore({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  // The page's code (and its lazy parts') is in before the render, which never suspends.
  await preloadGuestPage(url, { withParts: true });
  return prerenderRoot({ app: <GuestRoutes leave={null} />, url, wrap: (app) => <SessionProvider store={session}>{app}</SessionProvider> });
};
export const head = () => <ColorSchemeHead />;
/** A page's tab title in every language, from its titleKey (a function the head script leaves out, never a module-level call). */
export { prerenderTitles as titles } from '@merchant-hub/app-root';

/**
 * Run in the page's <head> before it paints: whether the app's first render will be the prerendered page.
 * Not in English, it would flash English texts; signed in, the sign-in form before going home.
 */
export const showsPrerender = (): boolean => pageLocale(window.location.search, window.localStorage) === 'en' && createSessionStore().active() === null;

/** Run in the page's <head> too: the language `<html lang>` and the tab's title are set to before it paints. */
export const pageLanguage = () => languageOf(window.location.search, window.localStorage);
