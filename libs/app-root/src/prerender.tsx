import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { createI18n } from '@merchant-hub/i18n';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { routerReady } from './router-ready';

/** The routes as a signed-out first visit draws them: the page's gating ran in the head script (showsPrerender). */
const withoutLoaders = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, loader: undefined, children: route.children ? withoutLoaders(route.children) : undefined }) as RouteObject);

export type PrerenderOptions = {
  routes: RouteObject[];
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
export const prerenderRoot = async ({ routes, url, wrap = (root) => root }: PrerenderOptions): Promise<ReactNode> => {
  const router = createMemoryRouter(withoutLoaders(routes), { initialEntries: [url] });
  await routerReady(router);
  const i18n = createI18n({ lng: 'en', plugins: [initReactI18next] });
  const queryClient = createQueryClient({ onError: () => undefined, onUnauthorized: () => undefined });
  return <StrictMode>{wrap(<AppRoot i18n={i18n} httpClient={createHttpClient()} queryClient={queryClient} router={router} />)}</StrictMode>;
};
