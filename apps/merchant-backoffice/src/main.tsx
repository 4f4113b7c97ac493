import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys } from '@merchant-hub/api-client';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { SIGN_IN_PATH, routes } from './app/routes';

const i18n = createAppI18n();
const router = createBrowserRouter(routes, { basename: import.meta.env.BASE_URL });
const queryClient = createQueryClient({
  onError: (error) => notifications.show({ color: 'red', message: i18n.t(errorMessageKeys(error)) }),
  onUnauthorized: () => {
    if (router.state.location.pathname !== SIGN_IN_PATH) void router.navigate(SIGN_IN_PATH, { replace: true });
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot i18n={i18n} httpClient={createHttpClient()} queryClient={queryClient} router={router} />
  </StrictMode>,
);
