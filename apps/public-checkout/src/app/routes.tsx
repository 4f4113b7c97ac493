import { NotFoundPage, RouteErrorBoundary, RouteLoader } from '@merchant-hub/ui-kit';
import { Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes, matchPath, useParams } from 'react-router';
import { pageLocation } from '../checkout/page-location';
import { CardPaymentForm, GatewayPaymentForm, LanguageChoice } from '../checkout/lazy-parts';
import { BILLING_PATH, hasActiveSession } from '../checkout/session';
import { lazyWithPreload } from './lazy-with-preload';

/**
 * A page in its own chunk, loaded only when a buyer opens it, and the lazy parts it draws (`parts`: its payment
 * form). `preload` fetches the page's code, and its parts at the same time, resolving once the page's is in: a
 * prerendered page is taken over then, its parts hydrating when they land. Rendered afresh (another language, a
 * visit not prerendered), the page waits for its parts too, so it never draws in two steps.
 */
const lazyPage = (load: () => Promise<ComponentType>, parts: { preload: () => Promise<unknown> }[] = []) => {
  const LoadedPage = lazyWithPreload(load);
  const preload = () => {
    for (const part of parts) void part.preload().catch(() => undefined);
    return LoadedPage.preload();
  };
  const preloadWhole = () => Promise.all([LoadedPage.preload(), ...parts.map((part) => part.preload())]).then(() => LoadedPage);
  const Whole = lazy(() => preloadWhole().then((component) => ({ default: component })));
  const Page = () => {
    // Decided once. A page whose code is in when it mounts (a prerendered page taken over) is drawn outside any
    // Suspense boundary: React hydrates a boundary's content in a pass after the root's first commit, and the
    // takeover, which runs after that commit, must find the page's lazy parts there (see LazyPart). Otherwise
    // the route's loader shows until the page and its parts are in.
    const [ready] = useState(LoadedPage.isLoaded);
    return ready ? (
      <LoadedPage />
    ) : (
      <RouteSuspense>
        <Whole />
      </RouteSuspense>
    );
  };
  return Object.assign(Page, { preload, preloadWhole });
};

/** The route's loader while what it draws suspends (its code, texts not in yet). */
const RouteSuspense = ({ children }: { children: ReactNode }) => <Suspense fallback={<RouteLoader />}>{children}</Suspense>;

const GatewayCheckoutPage = lazyPage(() => import('../pages/gateway-checkout.page').then((module) => module.GatewayCheckoutPage), [GatewayPaymentForm, LanguageChoice]);
const CardCheckoutPage = lazyPage(() => import('../pages/card-checkout.page').then((module) => module.CardCheckoutPage), [CardPaymentForm]);
const PaymentResultPage = lazyPage(() => import('../pages/payment-result.page').then((module) => module.PaymentResultPage));

const PAGES = [
  { path: '/subscribe/:packageId/:type?', page: GatewayCheckoutPage },
  { path: '/subscribe-payment/:packageId', page: CardCheckoutPage },
  { path: '/subscribe-payment-result/:token?', page: PaymentResultPage },
];

/**
 * Loads the code of the page at `pathname` (under the app's basename) and starts its lazy parts'; resolves at
 * once on any other path. `withParts`: resolves once the parts are in too (the build's prerender draws them
 * inline, not as a fallback that a script of React's swaps for them).
 */
export const preloadPage = (pathname: string, { withParts = false } = {}): Promise<unknown> => {
  const page = PAGES.find(({ path }) => matchPath(path, pathname))?.page;
  if (!page) return Promise.resolve();
  return withParts ? page.preloadWhole() : page.preload();
};

/**
 * A package id is a database id; anything else is a broken link, answered as not found before the step's code
 * loads. A visitor who is already signed in has nothing to buy here: billing lives in the back office (spec §2).
 */
const PackageStep = ({ children }: { children: ReactNode }) => {
  const validId = /^\d+$/.test(useParams().packageId ?? '');
  // No storage where the build prerenders the page (Node): a visitor with a session never sees that markup.
  const leaving = validId && typeof window !== 'undefined' && hasActiveSession();
  useEffect(() => {
    if (leaving) pageLocation.replace(BILLING_PATH);
  }, [leaving]);
  if (!validId)
    return (
      <RouteSuspense>
        <NotFoundPage />
      </RouteSuspense>
    );
  return leaving ? <RouteLoader /> : children;
};

/**
 * The checkout's pages, inside the app's `<BrowserRouter>`. None needs a loader, so the app does without the
 * data router (createBrowserRouter and RouterProvider: 15 kB gzip more on every checkout page's first load).
 */
export const CheckoutRoutes = () => (
  <RouteErrorBoundary>
    <Routes>
      <Route
        path="subscribe/:packageId/:type?"
        element={
          <PackageStep>
            <GatewayCheckoutPage />
          </PackageStep>
        }
      />
      <Route
        path="subscribe-payment/:packageId"
        element={
          <PackageStep>
            <CardCheckoutPage />
          </PackageStep>
        }
      />
      {/* Without a token the page answers invalid_token at once (spec §4). */}
      <Route path="subscribe-payment-result/:token?" element={<PaymentResultPage />} />
      <Route
        path="*"
        element={
          <RouteSuspense>
            <NotFoundPage />
          </RouteSuspense>
        }
      />
    </Routes>
  </RouteErrorBoundary>
);
