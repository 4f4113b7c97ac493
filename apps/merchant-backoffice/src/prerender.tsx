// What the build prerenders of this app (tools/vite/prerender.ts): the sign-in page, for a signed-out visitor
// who will read it in English. Node imports `pages` and `root`; the browser gets `showsPrerender` inlined
// into the page's <head>.
import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { prerenderRoot } from '@merchant-hub/app-root';
import { ColorSchemeHead, pageLocale } from '@merchant-hub/ui-kit';
import { SIGN_IN_PATH, createRoutes } from './app/routes';
import { SessionProvider } from './app/session-context';
import { createSessionStore } from './app/session-store';

/** Each page: the file it is written to, the path it is rendered at and the paths the API serves it on. */
export const pages = [{ file: 'signin.html', url: SIGN_IN_PATH, pattern: '^/signin/?$' }];

/** The tree main.tsx renders there, signed out; what goes into the page's <head> besides. */
export const root = (url: string) => {
  const session = createSessionStore({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  const routes = createRoutes({ queryClient: createQueryClient({ onError: () => undefined, onUnauthorized: () => undefined }), http: createHttpClient(), session });
  return prerenderRoot({ routes, url, wrap: (app) => <SessionProvider store={session}>{app}</SessionProvider> });
};
export const head = () => <ColorSchemeHead />;

/**
 * Run in the page's <head> before it paints: whether the app's first render will be the prerendered page.
 * Not in English, it would flash English texts; signed in, the sign-in form before going home.
 */
export const showsPrerender = (): boolean => pageLocale(window.location.search, window.localStorage) === 'en' && createSessionStore().active() === null;
