import { NotFoundPage, RouteError, RouteLoader } from '@merchant-hub/ui-kit';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';

// Paths are below the router's basename `/staff`; each screen is its own chunk with its own error element.
// Who may be here is decided by the layout (`GET /staff/me`): merchants are sent home, visitors to sign-in.
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: RouteLoader,
    lazy: () => import('./staff-layout').then((module) => ({ Component: module.StaffLayout })),
    children: [
      { index: true, element: <Navigate to="/merchants" replace /> },
      {
        path: 'merchants',
        errorElement: <RouteError />,
        lazy: () => import('../pages/merchants.page').then((module) => ({ Component: module.MerchantsPage })),
      },
      {
        path: 'merchants/:userId',
        errorElement: <RouteError />,
        lazy: () => import('../pages/merchant.page').then((module) => ({ Component: module.MerchantPage })),
      },
      {
        path: 'merchants/:userId/billing',
        errorElement: <RouteError />,
        lazy: () => import('../pages/merchant-billing.page').then((module) => ({ Component: module.MerchantBillingLayout })),
        children: [
          { index: true, errorElement: <RouteError />, lazy: () => import('../pages/merchant-billing-screens').then((module) => ({ Component: module.BillingPage })) },
          { path: 'upgrade', errorElement: <RouteError />, lazy: () => import('../pages/merchant-billing-screens').then((module) => ({ Component: module.BillingUpgradePage })) },
          { path: 'add-on', errorElement: <RouteError />, lazy: () => import('../pages/merchant-billing-screens').then((module) => ({ Component: module.UsageAddOnPage })) },
        ],
      },
      { path: 'approvals', errorElement: <RouteError />, lazy: () => import('../pages/approvals.page').then((module) => ({ Component: module.ApprovalsPage })) },
      { path: 'catalog', errorElement: <RouteError />, lazy: () => import('../pages/catalog.page').then((module) => ({ Component: module.CatalogPage })) },
      { path: 'promotions', errorElement: <RouteError />, lazy: () => import('../pages/promotions.page').then((module) => ({ Component: module.PromotionsPage })) },
      { path: 'audit', errorElement: <RouteError />, lazy: () => import('../pages/audit.page').then((module) => ({ Component: module.AuditPage })) },
      { path: 'settings', errorElement: <RouteError />, lazy: () => import('../pages/settings.page').then((module) => ({ Component: module.SettingsPage })) },
      { path: 'team', errorElement: <RouteError />, lazy: () => import('../pages/team.page').then((module) => ({ Component: module.TeamPage })) },
      { path: 'support', errorElement: <RouteError />, lazy: () => import('../pages/support-inbox.page').then((module) => ({ Component: module.SupportInboxPage })) },
      {
        path: 'support/:id',
        errorElement: <RouteError />,
        lazy: () => import('../pages/support-conversation.page').then((module) => ({ Component: module.SupportConversationPage })),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
