import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys } from '@merchant-hub/api-client';
import { loadAppI18n } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { routes } from './app/routes';

// Staff sign in on the back office's sign-in page (same origin, outside this app's router).
const SIGN_IN_URL = '/signin';

// Downloads the shown language only (and English); rendering waits for it.
const i18n = await loadAppI18n();
const router = createBrowserRouter(routes, { basename: import.meta.env.BASE_URL });
const queryClient = createQueryClient({
  onError: (error) => notifications.show({ color: 'red', message: i18n.t(errorMessageKeys(error)) }),
  onUnauthorized: () => window.location.assign(SIGN_IN_URL),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot i18n={i18n} httpClient={createHttpClient()} queryClient={queryClient} router={router} />
  </StrictMode>,
);
