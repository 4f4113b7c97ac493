import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys } from '@merchant-hub/api-client';
import { loadAppI18n } from '@merchant-hub/ui-kit';
import type { i18n as I18nInstance } from 'i18next';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { renderApp } from './take-over';

export type StartAppOptions = {
  routes: RouteObject[];
  /** The path the app is served under (`import.meta.env.BASE_URL`, or what the app resolves from it). */
  basename: string;
  /** Where a 401 sends the browser: sign-in lives in the back office on the same origin, outside this router. */
  signInUrl: string;
  /** Defaults to index.html's `#root`. */
  container?: HTMLElement | null;
  /**
   * The namespaces the app's screens use (default: all), the only ones downloaded; every screen must name
   * what it uses, in `useTranslation` or here.
   */
  namespaces?: readonly string[];
  /** Whether a prerendered page's markup is the first render at this query string (see `renderApp`). */
  matchesPrerender?: (search: string) => boolean;
};

/**
 * Boots a browser app that signs in elsewhere (public checkout, staff console): i18n, the router, the query
 * client (errors as translated notifications, 401 to sign-in), the HTTP client, rendered into `#root` (taking over
 * the markup of a prerendered page).
 * Only the shown language's texts are downloaded (and English, the fallback); the app renders once they are
 * in (`ready`).
 * @throws {Error} when there is no element to render into.
 */
export const startApp = ({ routes, basename, signInUrl, container = document.getElementById('root'), namespaces, matchesPrerender }: StartAppOptions) => {
  if (!container) throw new Error('index.html has no #root element');
  const router = createBrowserRouter(routes, { basename });
  let i18n: I18nInstance | undefined;
  const queryClient = createQueryClient({
    // Nothing queries before the first render, which waits for the texts.
    onError: (error) => notifications.show({ color: 'red', message: i18n?.t(errorMessageKeys(error)) ?? '' }),
    onUnauthorized: () => window.location.assign(signInUrl),
  });
  const ready = loadAppI18n({ namespaces }).then((loaded) => {
    i18n = loaded;
    // Takes over a prerendered page (see renderApp); the tree is the one `prerenderRoot` draws.
    void renderApp(
      container,
      (onMounted) => (
        <StrictMode>
          <AppRoot i18n={loaded} httpClient={createHttpClient()} queryClient={queryClient} router={router} onMounted={onMounted} />
        </StrictMode>
      ),
      router,
      matchesPrerender,
    );
    return loaded;
  });
  return { router, queryClient, ready };
};
