import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { mountApp } from '@merchant-hub/app-root';
import { BrowserRouter } from 'react-router';
import { resolveBasename } from './app/basename';
import { CheckoutRoutes } from './app/routes';

mountApp({
  app: (
    <BrowserRouter basename={resolveBasename(window.location.pathname, import.meta.env.BASE_URL)}>
      <CheckoutRoutes />
    </BrowserRouter>
  ),
  // Sign-in lives in the back office on the same origin, outside this app's router.
  signInUrl: '/signin',
  // What the checkout's screens and the API's error keys use: the other namespaces are never downloaded.
  namespaces: ['billing', 'checkout', 'common', 'errors', 'validation'],
});
