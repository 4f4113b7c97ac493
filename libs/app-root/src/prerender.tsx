import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { SUPPORTED_LOCALES, createI18n } from '@merchant-hub/i18n';
import { pageTitleText } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppRoot, AppShell } from './app-root';
import { routerReady } from './router-ready';

/** The routes as a signed-out first visit draws them: the page's gating ran in the head script (showsPrerender). */
const withoutLoaders = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, loader: undefined, children: route.children ? withoutLoaders(route.children) : undefined }) as RouteObject);

export type PrerenderOptions = {
  /** A data router's routes (the back office), or `app`: the `<Routes>` an app puts in its `<BrowserRouter>`. */
  routes?: RouteObject[];
  app?: ReactNode;
  /** The page's path, as the browser will open it. */
  url: string;
  /** What the app's entry puts around `AppRoot` (the back office's session provider), the same here. */
  wrap?: (root: ReactNode) => ReactNode;
};

/**
 * The tree an app's entry renders on its first visit to `url`, in English, with nothing fetched yet: what the
 * build renders to HTML (tools/vite/prerender.ts). It must stay the entry's tree element for element, or the
 * browser's hydration would not match it.
 */
export const prerenderRoot = async ({ routes = [], app, url, wrap = (root) => root }: PrerenderOptions): Promise<ReactNode> => {
  const i18n = createI18n({ lng: 'en', plugins: [initReactI18next] });
  // `hydrating`: the browser's first render of this markup is a hydration (`useHydrated` false in both).
  const shell = { i18n, httpClient: createHttpClient(), queryClient: createQueryClient({ onError: () => undefined, onUnauthorized: () => undefined }), hydrating: true };
  if (app !== undefined) {
    // A router draws no markup of its own: the memory router here, the browser's there, same HTML.
    return (
      <StrictMode>
        {wrap(
          <AppShell {...shell}>
            <MemoryRouter initialEntries={[url]}>{app}</MemoryRouter>
          </AppShell>,
        )}
      </StrictMode>
    );
  }
  const router = createMemoryRouter(withoutLoaders(routes), { initialEntries: [url] });
  await routerReady(router);
  return <StrictMode>{wrap(<AppRoot {...shell} router={router} />)}</StrictMode>;
};

/**
 * A prerendered page's tab title in every language (`Sign in · Merchant Hub`, as `usePageTitle` writes it):
 * the page's HTML carries them, and its head script puts the visitor's on the tab before anything paints.
 */
export const prerenderTitles = (titleKey: string): Record<string, string> =>
  Object.fromEntries(
    SUPPORTED_LOCALES.map((lng) => {
      const i18n = createI18n({ lng });
      return [lng, pageTitleText(i18n.t(titleKey), i18n.t('common:appName'))];
    }),
  );
