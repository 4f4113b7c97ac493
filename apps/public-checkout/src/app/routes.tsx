import { NotFoundPage, RouteErrorBoundary, RouteLoader } from '@merchant-hub/ui-kit';
import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes, matchPath, useParams } from 'react-router';
import { pageLocation } from '../checkout/page-location';
import { BILLING_PATH, hasActiveSession } from '../checkout/session';

/**
 * A page in its own chunk, loaded only when a buyer opens it. `preload` fetches it ahead of the first render;
 * once in, the page draws straight away, without suspending (a prerendered page is hydrated as it is).
 */
const lazyPage = (load: () => Promise<ComponentType>) => {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((page) => {
      loaded = page;
      return page;
    });
  const Lazy = lazy(() => preload().then((page) => ({ default: page })));
  const Page = () => {
    const Loaded = loaded ?? Lazy;
    return <Loaded />;
  };
  return Object.assign(Page, { preload });
};

const GatewayCheckoutPage = lazyPage(() => import('../pages/gateway-checkout.page').then((module) => module.GatewayCheckoutPage));
const CardCheckoutPage = lazyPage(() => import('../pages/card-checkout.page').then((module) => module.CardCheckoutPage));
const PaymentResultPage = lazyPage(() => import('../pages/payment-result.page').then((module) => module.PaymentResultPage));

const PAGES = [
  { path: '/subscribe/:packageId/:type?', page: GatewayCheckoutPage },
  { path: '/subscribe-payment/:packageId', page: CardCheckoutPage },
  { path: '/subscribe-payment-result/:token?', page: PaymentResultPage },
];

/** Loads the code of the page at `pathname` (under the app's basename); resolves at once on any other path. */
export const preloadPage = (pathname: string): Promise<unknown> => PAGES.find(({ path }) => matchPath(path, pathname))?.page.preload() ?? Promise.resolve();

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
  if (!validId) return <NotFoundPage />;
  return leaving ? <RouteLoader /> : children;
};

/**
 * The checkout's pages, inside the app's `<BrowserRouter>`. None needs a loader, so the app does without the
 * data router (createBrowserRouter and RouterProvider: 15 kB gzip more on every checkout page's first load).
 */
export const CheckoutRoutes = () => (
  <RouteErrorBoundary>
    <Suspense fallback={<RouteLoader />}>
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
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  </RouteErrorBoundary>
);
