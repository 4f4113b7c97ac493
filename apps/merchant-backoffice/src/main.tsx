import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppRoot, renderApp, routerReady } from '@merchant-hub/app-root';
import { loadAllNamespaces } from '@merchant-hub/i18n';
import { ERROR_NAMESPACES, loadAppI18n, reloadOnStaleChunks } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { createBackOfficeClients } from './app/clients';
import { GUEST_NAMESPACES, PATHS } from './app/gating';
import { createRoutes } from './app/routes';
import { SessionProvider } from './app/session-context';
import { createSessionStore } from './app/session-store';

const session = createSessionStore();
// Downloads the shown language only (and English); rendering waits for it. No top-level await: it would turn
// off the bundler's merging of common chunks, and the sign-in page would load dozens of tiny files. Signed
// out, the only pages are the guest pages (sign-in, sign-up, passwords, terms): their namespaces come first,
// the signed-in area loads the rest before it renders (`allTexts`).
const texts = loadAppI18n({ namespaces: session.active() ? undefined : GUEST_NAMESPACES, later: ERROR_NAMESPACES });
// The router is created after the query client, whose 401 handler needs it; the handler runs later.
let navigateToSignIn: () => void = () => undefined;
const { httpClient, queryClient } = createBackOfficeClients({ session, texts, toSignIn: () => navigateToSignIn() });
const allTexts = () => texts.then(loadAllNamespaces);
const router = createBrowserRouter(createRoutes({ queryClient, http: httpClient, session, allTexts }), { basename: import.meta.env.BASE_URL });
navigateToSignIn = () => {
  if (router.state.location.pathname !== PATHS.signIn) void router.navigate(PATHS.signIn, { replace: true });
};

// A lazy chunk that vanished with a deploy: reload once to fetch the new build (spec §8).
reloadOnStaleChunks();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The guest pages' addresses load the guest entry instead (guest-main.tsx); this app draws them after a sign-out.
void texts.then((i18n) =>
  renderApp(
    container,
    (onMounted, hydrating) => (
      <StrictMode>
        {/* The shared root of the three apps; the session store is this app's own (it signs people in). */}
        <SessionProvider store={session}>
          <AppRoot i18n={i18n} httpClient={httpClient} queryClient={queryClient} router={router} onMounted={onMounted} hydrating={hydrating} />
        </SessionProvider>
      </StrictMode>
    ),
    () => routerReady(router),
  ),
);
