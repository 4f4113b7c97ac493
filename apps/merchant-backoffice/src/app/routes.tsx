import { NotFoundPage, RouteError, RouteLoader } from '@merchant-hub/ui-kit';
import { redirect } from 'react-router';
import type { RouteObject } from 'react-router';

export const SIGN_IN_PATH = '/signin';

// Each screen is its own chunk: the sign-in page must not download the code of the screens behind it.
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: RouteLoader,
    children: [
      // Nothing lives at the root until the home screen arrives; a visitor starts by signing in.
      { index: true, loader: () => redirect(SIGN_IN_PATH) },
      {
        path: SIGN_IN_PATH.slice(1),
        lazy: () => import('../pages/signin.page').then((module) => ({ Component: module.SignInPage })),
      },
      // The not-found page is part of the kit that every route already loads; splitting it would save nothing.
      { path: '*', Component: NotFoundPage },
    ],
  },
];
