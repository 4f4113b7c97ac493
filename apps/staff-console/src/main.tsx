import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startApp } from '@merchant-hub/app-root';
import { routes } from './app/routes';

// Staff sign in on the back office's sign-in page (same origin, outside this app's router).
startApp({ routes, basename: import.meta.env.BASE_URL, signInUrl: '/signin' });
