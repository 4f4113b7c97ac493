import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys } from '@merchant-hub/api-client';
import { loadAppI18n, reloadOnceForStaleChunk } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { messageValuesOf } from './app/error-keys';
import { SIGN_IN_PATH, createRoutes } from './app/routes';
import { createSessionStore } from './app/session-store';

// Downloads the shown language only (and English); rendering waits for it.
const i18n = await loadAppI18n();
const session = createSessionStore();
const httpClient = createHttpClient();
// The router is created after the query client, whose 401 handler needs it; the handler runs later.
let navigateToSignIn: () => void = () => undefined;
const queryClient = createQueryClient({
  onError: (error) => notifications.show({ color: 'red', message: i18n.t(errorMessageKeys(error), messageValuesOf(error)) }),
  onUnauthorized: () => {
    // Spec §2: a 401 anywhere means the session is gone.
    session.clear();
    queryClient.clear();
    navigateToSignIn();
  },
});
const router = createBrowserRouter(createRoutes({ queryClient, http: httpClient, session }), { basename: import.meta.env.BASE_URL });
navigateToSignIn = () => {
  if (router.state.location.pathname !== SIGN_IN_PATH) void router.navigate(SIGN_IN_PATH, { replace: true });
};

// A lazy chunk that vanished with a deploy: reload once to fetch the new build (spec §8).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk((event as Event & { payload?: unknown }).payload)) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot i18n={i18n} httpClient={httpClient} queryClient={queryClient} router={router} session={session} />
  </StrictMode>,
);
