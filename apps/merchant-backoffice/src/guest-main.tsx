// The guest entry (guest.html, its own build: vite.guest.config.mts): what the API answers on the guest pages'
// addresses (sign-in, sign-up, passwords, the merchant wizard, terms, the status pages). It draws them without
// the data router; any other address loads the back office (index.html, main.tsx), which draws them too after
// a sign-out.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppShell, renderApp } from '@merchant-hub/app-root';
import { ERROR_NAMESPACES, loadAppI18n, reloadOnStaleChunks } from '@merchant-hub/ui-kit';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { createBackOfficeClients } from './app/clients';
import { GUEST_NAMESPACES, PATHS } from './app/gating';
import { GuestRoutes, LeaveForBackOffice, isGuestOnlyPage, preloadGuestPage } from './app/guest-area';
import { SessionProvider } from './app/session-context';
import { createSessionStore } from './app/session-store';

const session = createSessionStore();
const container = document.getElementById('root');
if (!container) throw new Error('guest.html has no #root element');

if (session.active() !== null && isGuestOnlyPage(window.location.pathname)) {
  // Signed in, sign-in and its kind are not for this visitor: home (spec §2), which the back office draws.
  window.location.replace(PATHS.home);
} else {
  // The guest pages' texts first, the texts of failures just after the first render (see GUEST_NAMESPACES).
  const texts = loadAppI18n({ namespaces: GUEST_NAMESPACES, later: ERROR_NAMESPACES });
  // Sign-in is here: a 401 elsewhere (a reset link's page) loads it.
  const { httpClient, queryClient } = createBackOfficeClients({
    session,
    texts,
    toSignIn: () => {
      if (window.location.pathname !== PATHS.signIn) window.location.replace(PATHS.signIn);
    },
  });

  // A lazy chunk that vanished with a deploy: reload once to fetch the new build (spec §8).
  reloadOnStaleChunks();

  // A prerendered sign-in page is taken over (hydrated or replaced), never flashed; its tree is src/prerender.tsx's.
  void texts.then((i18n) =>
    renderApp(
      container,
      (onMounted, hydrating) => (
        <StrictMode>
          <SessionProvider store={session}>
            <AppShell i18n={i18n} httpClient={httpClient} queryClient={queryClient} onMounted={onMounted} hydrating={hydrating}>
              <BrowserRouter basename={import.meta.env.BASE_URL}>
                <GuestRoutes leave={<LeaveForBackOffice />} />
              </BrowserRouter>
            </AppShell>
          </SessionProvider>
        </StrictMode>
      ),
      () => preloadGuestPage(window.location.pathname),
    ),
  );
}
