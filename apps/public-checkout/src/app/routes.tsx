import { checkoutConfigQuery, checkoutPackageQuery, countriesQuery } from '@merchant-hub/api-client';
import type { HttpClient } from '@merchant-hub/api-client';
import { RouteSuspense, lazyPage } from '@merchant-hub/app-root';
import { NotFoundPage, RouteErrorBoundary, RouteLoader } from '@merchant-hub/ui-kit';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Route, Routes, matchPath, useParams } from 'react-router';
import { pageLocation } from '../checkout/page-location';
import { CardPaymentForm, GatewayPaymentForm, LanguageChoice } from '../checkout/lazy-parts';
import { BILLING_PATH, hasActiveSession } from '../checkout/session';

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

/** A package id in a link is a database id; anything else is a broken link. */
const isPackageId = (id: string | undefined): id is string => /^\d+$/.test(id ?? '');

/**
 * Asks for what the checkout page at `pathname` draws first, before its texts and code are in: the plan, the
 * countries and, on the card checkout, which gateway takes cards (the same queries as its form's). A visitor
 * with a session is sent to billing instead, so nothing is asked for them.
 */
export const prefetchPage = (pathname: string, { httpClient, queryClient }: { httpClient: HttpClient; queryClient: QueryClient }): void => {
  const card = matchPath('/subscribe-payment/:packageId', pathname);
  const match = card ?? matchPath('/subscribe/:packageId/:type?', pathname);
  const packageId = match?.params.packageId;
  if (!isPackageId(packageId) || hasActiveSession()) return;
  void queryClient.prefetchQuery(checkoutPackageQuery(httpClient, Number(packageId)));
  void queryClient.prefetchQuery({ ...countriesQuery(httpClient), meta: { handlesError: true } });
  if (card && new URLSearchParams(window.location.search).get('type') !== 'fpx') void queryClient.prefetchQuery({ ...checkoutConfigQuery(httpClient), meta: { handlesError: true } });
};

/**
 * A package id is a database id; anything else is a broken link, answered as not found before the step's code
 * loads. A visitor who is already signed in has nothing to buy here: billing lives in the back office (spec §2).
 */
const PackageStep = ({ children }: { children: ReactNode }) => {
  const validId = isPackageId(useParams().packageId);
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
