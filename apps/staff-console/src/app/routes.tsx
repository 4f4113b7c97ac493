import { NotFoundPage, RouteError, RouteLoader } from '@merchant-hub/ui-kit';
import type { RouteObject } from 'react-router';

// Paths are below the router's basename `/staff`; each screen is its own chunk.
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: RouteLoader,
    lazy: () => import('./staff-layout').then((module) => ({ Component: module.StaffLayout })),
    children: [
      { index: true, lazy: () => import('../pages/home.page').then((module) => ({ Component: module.HomePage })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
