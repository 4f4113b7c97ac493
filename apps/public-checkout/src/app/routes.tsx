import { NotFoundPage, RouteError, RouteLoader } from '@merchant-hub/ui-kit';
import { data } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { pageLocation } from '../checkout/page-location';
import { BILLING_PATH, hasActiveSession } from '../checkout/session';

// A package id is a database id; anything else is a broken link, answered as not found before any code loads.
// A visitor who is already signed in has nothing to buy here: billing lives in the back office (spec §2).
const requirePackageId = ({ params }: LoaderFunctionArgs) => {
  if (!/^\d+$/.test(params.packageId ?? '')) throw data(null, { status: 404 });
  if (hasActiveSession()) pageLocation.replace(BILLING_PATH);
  return null;
};

// Each checkout step is its own chunk, loaded only when a buyer opens it.
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: RouteLoader,
    children: [
      {
        path: 'subscribe/:packageId/:type?',
        loader: requirePackageId,
        lazy: () => import('../pages/gateway-checkout.page').then((module) => ({ Component: module.GatewayCheckoutPage })),
      },
      {
        path: 'subscribe-payment/:packageId',
        loader: requirePackageId,
        lazy: () => import('../pages/card-checkout.page').then((module) => ({ Component: module.CardCheckoutPage })),
      },
      {
        // Without a token the page answers invalid_token at once (spec §4).
        path: 'subscribe-payment-result/:token?',
        lazy: () => import('../pages/payment-result.page').then((module) => ({ Component: module.PaymentResultPage })),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
