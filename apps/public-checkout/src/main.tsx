import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { mountApp } from '@merchant-hub/app-root';
import { ERROR_NAMESPACES } from '@merchant-hub/ui-kit';
import { BrowserRouter } from 'react-router';
import { resolveBasename } from './app/basename';
import { CheckoutRoutes, prefetchPage, preloadPage } from './app/routes';

const basename = resolveBasename(window.location.pathname, import.meta.env.BASE_URL);
const appPath = window.location.pathname.slice(basename === '/' ? 0 : basename.length) || '/';

mountApp({
  app: (
    <BrowserRouter basename={basename}>
      <CheckoutRoutes />
    </BrowserRouter>
  ),
  // Sign-in lives in the back office on the same origin, outside this app's router.
  signInUrl: '/signin',
  // What the checkout's screens use: the other namespaces are never downloaded. The texts of failures (the
  // API's error keys, the forms' messages) come just after the first render.
  namespaces: ['checkout', 'common'],
  later: ERROR_NAMESPACES,
  // A prerendered checkout is hydrated once its page's code is in; what it draws first reads nothing from the
  // query string (`?type=fpx` is never shown prerendered).
  pageReady: () => preloadPage(appPath),
  prefetch: (clients) => prefetchPage(appPath, clients),
  matchesPrerender: () => true,
});
