import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys, fetchInOwnTask } from '@merchant-hub/api-client';
import type { HttpClient } from '@merchant-hub/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { loadAppI18n, textsOfFailures } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from './app-root';
import { routerReady } from './router-ready';
import { renderApp } from './take-over';

export type MountAppOptions = {
  /** Where a 401 sends the browser: sign-in lives in the back office on the same origin, outside this router. */
  signInUrl: string;
  /** Defaults to index.html's `#root`. */
  container?: HTMLElement | null;
  /**
   * The namespaces the app's screens use (default: all), the only ones downloaded; every screen must name
   * what it uses, in `useTranslation` or here.
   */
  namespaces?: readonly string[];
  /** Of those, the ones loaded just after the first render (`ERROR_NAMESPACES`; see `loadAppI18n`). */
  later?: readonly string[];
  /** Whether a prerendered page's markup is the first render at this query string (see `renderApp`). */
  matchesPrerender?: (search: string) => boolean;
};

export type StartAppOptions = MountAppOptions & {
  routes: RouteObject[];
  /** The path the app is served under (`import.meta.env.BASE_URL`, or what the app resolves from it). */
  basename: string;
};

export type MountRoutedAppOptions = MountAppOptions & {
  /** The app's router and routes (`<BrowserRouter>`), drawn inside the providers. */
  app: ReactNode;
  /** Resolves once the code of the page at this address is in (a prerendered page is taken over then). */
  pageReady?: () => Promise<unknown>;
  /**
   * Starts the queries the page at this address asks for first (`queryClient.prefetchQuery`), before its texts
   * and code are in: answers in the cache when the page takes over are drawn in the takeover's one render, not
   * each in a render and commit of its own (issue 30).
   */
  prefetch?: (clients: { httpClient: HttpClient; queryClient: QueryClient }) => void;
};

const rootElement = (container: HTMLElement | null): HTMLElement => {
  if (!container) throw new Error('index.html has no #root element');
  return container;
};

/**
 * Boots a browser app that signs in elsewhere: i18n, the query client (errors as translated notifications,
 * 401 to sign-in), the HTTP client, and `app` (its router) rendered into `#root`. Only the shown language's
 * texts are downloaded (and English, the fallback); the app renders once they are in (`ready`).
 * @throws {Error} when there is no element to render into.
 */
export const mountApp = ({ app, signInUrl, container = document.getElementById('root'), namespaces, later, matchesPrerender, pageReady = () => Promise.resolve(), prefetch }: MountRoutedAppOptions) => {
  const root = rootElement(container);
  const queryClient = createQueryClient({
    // A page's first queries (`prefetch`) may fail before its texts are in: the message waits for them (and a
    // failed call for the texts of failures, the HTTP client's `beforeFailing`).
    onError: (error) => void ready.then((loaded) => notifications.show({ color: 'red', message: loaded.t(errorMessageKeys(error)) })),
    onUnauthorized: () => window.location.assign(signInUrl),
  });
  const httpClient = createHttpClient({ fetch: fetchInOwnTask, beforeFailing: () => ready.then(textsOfFailures) });
  prefetch?.({ httpClient, queryClient });
  const ready = loadAppI18n({ namespaces, later }).then((loaded) => {
    // Takes over a prerendered page (see renderApp); the tree is the one `prerenderRoot` draws.
    void renderApp(
      root,
      (onMounted, hydrating) => (
        <StrictMode>
          <AppShell i18n={loaded} httpClient={httpClient} queryClient={queryClient} onMounted={onMounted} hydrating={hydrating}>
            {app}
          </AppShell>
        </StrictMode>
      ),
      pageReady,
      matchesPrerender,
    );
    return loaded;
  });
  return { queryClient, ready };
};

/**
 * `mountApp` on a data router made of `routes` (the staff console: loaders gate its screens). An app whose
 * routes need no loaders mounts a `<BrowserRouter>` with `mountApp`: the data router is 15 kB gzip more.
 * @throws {Error} when there is no element to render into.
 */
export const startApp = ({ routes, basename, container = document.getElementById('root'), ...options }: StartAppOptions) => {
  const root = rootElement(container);
  const router = createBrowserRouter(routes, { basename });
  return { router, ...mountApp({ ...options, container: root, app: <RouterProvider router={router} />, pageReady: () => routerReady(router) }) };
};
