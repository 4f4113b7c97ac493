import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { type FakeRoute, installFakeApi } from '@merchant-hub/api-client/testing';
import { AppRoot, AppShell } from '@merchant-hub/app-root';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render } from '@testing-library/react';
import { MemoryRouter, createMemoryRouter, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { GuestRoutes, LeaveForBackOffice } from '../app/guest-area';
import { createRoutes } from '../app/routes';
import { SessionProvider } from '../app/session-context';
import { SESSION_STORAGE_KEY, createSessionStore } from '../app/session-store';
import type { StoredSession } from '../app/session-store';

export type { Call, FakeRoute } from '@merchant-hub/api-client/testing';

const api = installFakeApi();

export const user = {
  id: 11,
  user_id: 11,
  name: 'Aisyah Rahman',
  email: 'merchant-my@demo.test',
  image: null,
  image_url: null,
  phone: '+60123456789',
  roles: [{ name: 'main_user' }],
  inventory_users: { inventory_store_users: { store_id: 3 } },
};

export const loginResult = {
  user,
  access_token: 'token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  message: 'Success, Logging you in!',
  expires_in: 3600,
  role_names: ['main_user'],
  role_names_expires_in: 7200,
};

export const storeSession = (overrides: Partial<StoredSession> = {}) =>
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      roleNames: ['main_user'],
      roleNamesExpireAt: new Date(Date.now() + 3_600_000).toISOString(),
      ...overrides,
    }),
  );

/**
 * Stops Date, for every test of the calling file, at the moment the file loads (so the sessions made above from
 * the same clock hold) and returns that moment in unix seconds. Countdowns computed from the wall clock (the
 * sign-in and sign-up codes) then read exactly what the API's times say, however slow the machine; the page's
 * timers and the fake API keep running.
 */
export const stopTheClock = (): number => {
  const now = Math.floor(Date.now() / 1000);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now * 1000);
  });
  afterEach(() => vi.useRealTimers());
  return now;
};

/** What both entries' screens run on: texts (untranslated keys collected in `missingKeys`), HTTP, session, queries. */
const appParts = (routes: FakeRoute[]) => {
  api.use(routes);
  const calls = api.calls;
  const i18n = createAppI18n({ search: '' });
  const missingKeys: string[] = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key) => missingKeys.push(`${ns}:${key}`);
  const http = createHttpClient();
  const session = createSessionStore();
  const onUnauthorized = vi.fn();
  const queryClient = createQueryClient({ onError: vi.fn(), onUnauthorized });
  return { calls, i18n, missingKeys, http, session, onUnauthorized, queryClient };
};

/**
 * Mounts the whole app on a memory router, the API faked by the shared handlers of
 * `@merchant-hub/api-client/testing` answering from `routes` (first match wins; an unknown call answers 404;
 * each checked against the API's response schemas). Every i18n key that resolves to nothing is collected in
 * `missingKeys`.
 */
export const renderApp = (path: string, routes: FakeRoute[] = []) => {
  const { calls, i18n, missingKeys, http, session, onUnauthorized, queryClient } = appParts(routes);
  const leaveFor = vi.fn();
  const router = createMemoryRouter(createRoutes({ queryClient, http, session, leaveFor }), { initialEntries: [path] });
  render(
    <SessionProvider store={session}>
      <AppRoot i18n={i18n} httpClient={http} queryClient={queryClient} router={router} />
    </SessionProvider>,
  );
  return { router, calls, missingKeys, session, i18n, onUnauthorized, leaveFor };
};

/**
 * Mounts the guest entry's tree (guest-main.tsx) on a memory router at `path`; `load` stands for the browser
 * loading the back office at an address outside the guest pages, and `location()` tells the router's address.
 */
export const renderGuestApp = (path: string, routes: FakeRoute[] = []) => {
  const { calls, i18n, missingKeys, http, session, queryClient } = appParts(routes);
  const load = vi.fn();
  let location: Location | null = null;
  const LocationSpy = () => {
    location = useLocation();
    return null;
  };
  render(
    <SessionProvider store={session}>
      <AppShell i18n={i18n} httpClient={http} queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <LocationSpy />
          <GuestRoutes leave={<LeaveForBackOffice load={load} />} />
        </MemoryRouter>
      </AppShell>
    </SessionProvider>,
  );
  return { calls, missingKeys, session, load, location: () => location };
};
