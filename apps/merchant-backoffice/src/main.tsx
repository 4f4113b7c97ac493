import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys } from '@merchant-hub/api-client';
import { AppRoot, renderApp, routerReady } from '@merchant-hub/app-root';
import { loadAllNamespaces } from '@merchant-hub/i18n';
import { ERROR_NAMESPACES, loadAppI18n, reloadOnceForStaleChunk, textsOfFailures } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { messageValuesOf } from './app/error-keys';
import { GUEST_NAMESPACES, SIGN_IN_PATH, createRoutes } from './app/routes';
import { SessionProvider } from './app/session-context';
import { createSessionStore } from './app/session-store';

const session = createSessionStore();
// Downloads the shown language only (and English); rendering waits for it. No top-level await: it would turn
// off the bundler's merging of common chunks, and the sign-in page would load dozens of tiny files. Signed
// out, the only pages are the guest pages (sign-in, sign-up, passwords, terms): their namespaces come first,
// the signed-in area loads the rest before it renders (`allTexts`).
const texts = loadAppI18n({ namespaces: session.active() ? undefined : GUEST_NAMESPACES, later: ERROR_NAMESPACES });
// A failed call reports once the texts that describe it are in (signed out, they come after the first render).
const failureTexts = () => texts.then(textsOfFailures);
const httpClient = createHttpClient({ beforeFailing: failureTexts });
// The router is created after the query client, whose 401 handler needs it; the handler runs later.
let navigateToSignIn: () => void = () => undefined;
const queryClient = createQueryClient({
  // The router's first loaders run while the texts download: a message waits for them.
  onError: (error) =>
    void texts.then((i18n) => notifications.show({ color: 'red', message: i18n.t(errorMessageKeys(error), messageValuesOf(error)) })),
  onUnauthorized: () => {
    // Spec §2: a 401 anywhere means the session is gone.
    session.clear();
    queryClient.clear();
    navigateToSignIn();
  },
});
const allTexts = () => texts.then(loadAllNamespaces);
const router = createBrowserRouter(createRoutes({ queryClient, http: httpClient, session, allTexts }), { basename: import.meta.env.BASE_URL });
navigateToSignIn = () => {
  if (router.state.location.pathname !== SIGN_IN_PATH) void router.navigate(SIGN_IN_PATH, { replace: true });
};

// A lazy chunk that vanished with a deploy: reload once to fetch the new build (spec §8).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk((event as Event & { payload?: unknown }).payload)) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A prerendered sign-in page is taken over (hydrated or replaced), never flashed; its tree is src/prerender.tsx's.
void texts.then((i18n) =>
  renderApp(
    container,
    (onMounted) => (
      <StrictMode>
        {/* The shared root of the three apps; the session store is this app's own (it signs people in). */}
        <SessionProvider store={session}>
          <AppRoot i18n={i18n} httpClient={httpClient} queryClient={queryClient} router={router} onMounted={onMounted} />
        </SessionProvider>
      </StrictMode>
    ),
    () => routerReady(router),
  ),
);
