import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startApp } from '@merchant-hub/app-root';
import { resolveBasename } from './app/basename';
import { routes } from './app/routes';

startApp({
  routes,
  basename: resolveBasename(window.location.pathname, import.meta.env.BASE_URL),
  // Sign-in lives in the back office on the same origin, outside this app's router.
  signInUrl: '/signin',
  // What the checkout's screens and the API's error keys use: the other namespaces are never downloaded.
  namespaces: ['billing', 'checkout', 'common', 'errors', 'validation'],
  // The prerendered checkouts draw nothing from the query string (`?type=fpx` is never shown prerendered).
  matchesPrerender: () => true,
});
