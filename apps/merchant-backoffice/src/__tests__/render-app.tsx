import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { AppRoot, AppShell } from '@merchant-hub/app-root';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render } from '@testing-library/react';
import { MemoryRouter, createMemoryRouter, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { vi } from 'vitest';
import { GuestRoutes, LeaveForBackOffice } from '../app/guest-area';
import { createRoutes } from '../app/routes';
import { SessionProvider } from '../app/session-context';
import { SESSION_STORAGE_KEY, createSessionStore } from '../app/session-store';
import type { StoredSession } from '../app/session-store';

/** `wait` holds the answer back until it settles, so a test can look at a screen's loading state. */
export type FakeRoute = { method?: string; path: string | RegExp; status?: number; body: unknown; wait?: Promise<unknown> };
export type Call = { method: string; url: string; body: unknown };

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

/** A fetch answering from `routes` (first match wins; an unknown call answers 404), and the calls it saw. */
const fakeFetch = (routes: FakeRoute[]) => {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, url, body });
    const route = routes.find(
      (candidate) => (candidate.method ?? 'GET') === method && (typeof candidate.path === 'string' ? url.split('?')[0] === `/api${candidate.path}` : candidate.path.test(url)),
    );
    if (route?.wait) await route.wait;
    const status = route ? (route.status ?? 200) : 404;
    const payload = route ? route.body : { error: { code: 'not_found', message: 'Not found', key: 'errors:error.notFound' } };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
};

/** What both entries' screens run on: texts (untranslated keys collected in `missingKeys`), HTTP, session, queries. */
const appParts = (routes: FakeRoute[]) => {
  const { fetch, calls } = fakeFetch(routes);
  const i18n = createAppI18n({ search: '' });
  const missingKeys: string[] = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key) => missingKeys.push(`${ns}:${key}`);
  const http = createHttpClient({ fetch });
  const session = createSessionStore();
  const onUnauthorized = vi.fn();
  const queryClient = createQueryClient({ onError: vi.fn(), onUnauthorized });
  return { calls, i18n, missingKeys, http, session, onUnauthorized, queryClient };
};

/**
 * Mounts the whole app on a memory router with a fetch answering from `routes` (first match wins; an unknown
 * call answers 404). Every i18n key that resolves to nothing is collected in `missingKeys`.
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
