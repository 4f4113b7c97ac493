import './app-root.css';
import { HttpClientProvider } from '@merchant-hub/api-client';
import type { HttpClient } from '@merchant-hub/api-client';
import { AppProviders } from '@merchant-hub/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Hydrating, LazyParts } from './lazy-part';

export type AppShellProps = {
  i18n: I18nInstance;
  httpClient: HttpClient;
  queryClient: QueryClient;
  /** The app's router: a data router's `RouterProvider`, or `<BrowserRouter>` and its `<Routes>`. */
  children: ReactNode;
  /**
   * Called once the first render is on the page, its `LazyPart`s hydrated too (a prerendered page's takeover
   * replays input then).
   */
  onMounted?: () => void;
  /** Whether this first render hydrates prerendered markup (the takeover, and the build's prerender): `useHydrated`. */
  hydrating?: boolean;
};

/** The theme's own texts (the close buttons' name) follow the interface language. */
const TranslatedProviders = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('common');
  const close = t('action.close');
  // Drawn again only for a new label: this redraws on every texts' arrival (`bindI18n` 'loaded': the texts of
  // failures, just after the first render), and Mantine's providers then give every component new context values
  // (a whole-page re-render, and a dehydrated LazyPart below drawn afresh, see take-over.tsx).
  return useMemo(() => <AppProviders labels={{ close }}>{children}</AppProviders>, [close, children]);
};

/** Everything the screens rely on but the router, outermost first. */
export const AppShell = ({ i18n, httpClient, queryClient, onMounted, hydrating: takingOver = false, children }: AppShellProps) => {
  const lazyParts = useRef<Promise<void>[]>([]);
  const [registerLazyPart] = useState(() => (hydrated: Promise<void>) => void lazyParts.current.push(hydrated));
  const [hydrating, setHydrating] = useState(takingOver);
  const [partsIn, setPartsIn] = useState(false);
  // Effects run children first: this one runs once the whole first render, the route's page included, is in,
  // and its lazy parts have said they are there (each says so when it hydrates, maybe in a later commit). The
  // takeover is then over: `useHydrated` turns true, in a transition.
  useEffect(() => {
    void Promise.all(lazyParts.current).then(() =>
      startTransition(() => {
        setHydrating(false);
        setPartsIn(true);
      }),
    );
  }, []);
  // After the render that follows the takeover, whose effects (children first) see `useHydrated` true.
  useEffect(() => {
    if (partsIn) onMounted?.();
  }, [partsIn, onMounted]);
  // The same element while its inputs stay: the end of the takeover then redraws `useHydrated`'s readers only,
  // not the providers (whose new context values redrew every Mantine component of the page, in one commit).
  const providers = useMemo(
    () => (
      <I18nextProvider i18n={i18n}>
        <TranslatedProviders>
          <HttpClientProvider client={httpClient}>
            <QueryClientProvider client={queryClient}>
              <LazyParts.Provider value={registerLazyPart}>{children}</LazyParts.Provider>
            </QueryClientProvider>
          </HttpClientProvider>
        </TranslatedProviders>
      </I18nextProvider>
    ),
    [i18n, httpClient, queryClient, registerLazyPart, children],
  );
  return <Hydrating.Provider value={hydrating}>{providers}</Hydrating.Provider>;
};

export type AppRootProps = Omit<AppShellProps, 'children'> & { router: DataRouter };

/** An app on a data router; tests mount it with a memory router and a fake fetch. */
export const AppRoot = ({ router, ...shell }: AppRootProps) => (
  <AppShell {...shell}>
    <RouterProvider router={router} />
  </AppShell>
);
