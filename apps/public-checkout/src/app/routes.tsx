import { NotFoundPage, RouteErrorBoundary, RouteLoader } from '@merchant-hub/ui-kit';
import { Suspense, lazy, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { pageLocation } from '../checkout/page-location';
import { BILLING_PATH, hasActiveSession } from '../checkout/session';

// Each checkout step is its own chunk, loaded only when a buyer opens it.
const GatewayCheckoutPage = lazy(() => import('../pages/gateway-checkout.page').then((module) => ({ default: module.GatewayCheckoutPage })));
const CardCheckoutPage = lazy(() => import('../pages/card-checkout.page').then((module) => ({ default: module.CardCheckoutPage })));
const PaymentResultPage = lazy(() => import('../pages/payment-result.page').then((module) => ({ default: module.PaymentResultPage })));

/**
 * A package id is a database id; anything else is a broken link, answered as not found before the step's code
 * loads. A visitor who is already signed in has nothing to buy here: billing lives in the back office (spec §2).
 */
const PackageStep = ({ children }: { children: ReactNode }) => {
  const validId = /^\d+$/.test(useParams().packageId ?? '');
  const leaving = validId && hasActiveSession();
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
