import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../app/session-store';
import { renderApp, storeSession, user } from './render-app';

afterEach(() => window.localStorage.clear());

const billingFails = { path: '/users/billing/all', status: 402, body: { error: { code: 'must_subscribe', message: 'Please subscribe', key: 'errors:billing.mustSubscribe' } } };

describe('route gating (spec §2)', () => {
  it('sends a visitor without a session from the root to sign in', async () => {
    const { router, missingKeys } = renderApp('/');
    // The first screen of the file loads the sign-in chunk cold; on a loaded machine that passes 1 s.
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    await waitFor(() => expect(document.title).toBe('Sign in · Merchant Hub'));
    expect(missingKeys).toEqual([]);
  });

  it('catches an untranslated key, so the screen tests can fail on one', async () => {
    const { i18n, missingKeys } = renderApp('/signin');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(i18n.t('shell:no.such.key')).toBe('no.such.key');
    expect(missingKeys).toEqual(['shell:no.such.key']);
  });

  it('remembers where a signed-out visitor was going', async () => {
    const { router } = renderApp('/profile/personal');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.search).toBe('?from=%2Fprofile%2Fpersonal');
  });

  it('sends an unknown path to sign in, keeping the query', async () => {
    const { router } = renderApp('/no/such/page?country=TW');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('shows a not-found page for an unknown path with a locale marker', async () => {
    const { router, missingKeys } = renderApp('/no/such/page?locale=en');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(missingKeys).toEqual([]);
  });

  it('signs in automatically from a stored session and renders the shell at the root', async () => {
    storeSession();
    const { missingKeys } = renderApp('/', [{ path: '/user', body: { data: user } }, billingFails]);
    expect(await screen.findByRole('heading', { name: 'Hello, Aisyah Rahman' })).toBeInTheDocument();
    expect(await screen.findByText('Choose a plan', { selector: 'p' })).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('sends a signed-in user from sign-in and from unknown paths home', async () => {
    storeSession();
    const { router } = renderApp('/signin', [{ path: '/user', body: { data: user } }, billingFails]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/whatever/else');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('redirects /profile to the personal page and /home to the root', async () => {
    storeSession();
    const { router } = renderApp('/profile', [{ path: '/user', body: { data: user } }, billingFails]);
    expect(await screen.findByRole('heading', { name: 'Personal profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/personal');
    await router.navigate('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('forgets an expired stored session and asks to sign in', async () => {
    storeSession({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('treats a 401 from the automatic sign-in as signed out', async () => {
    storeSession();
    const { router } = renderApp('/', [{ path: '/user', status: 401, body: { error: { code: 'session_expired', message: 'expired', key: 'errors:error.sessionExpired' } } }]);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ends the session on the server when the browser goes to /logout', async () => {
    storeSession();
    const { router, calls } = renderApp('/logout', [{ path: '/logout', body: { success: true, message: 'Logged out' } }]);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(calls.filter((call) => call.url === '/api/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('refuses a stored session whose roles cannot use the back office', async () => {
    storeSession({ roleNames: ['chat_store_staff'] });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
  });

  it.each(['/', '/home/dashboard', '/profile/personal'])('sends a staff session from %s to the staff console, never rendering a merchant screen', async (path) => {
    storeSession({ roleNames: ['support'] });
    const { leaveFor, calls } = renderApp(path, [{ path: '/user', body: { data: user } }, billingFails]);
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/staff/merchants'));
    expect(screen.queryByRole('heading', { name: 'Hello, Aisyah Rahman' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/api/users/billing/all');
  });

  it('hands a staff deep link back to the staff console, and sends a merchant asking for one home', async () => {
    storeSession({ roleNames: ['superadmin'] });
    const staff = renderApp('/staff/merchants/12?tab=timeline');
    await waitFor(() => expect(staff.leaveFor).toHaveBeenCalledWith('/staff/merchants/12?tab=timeline'));
    cleanup();
    storeSession();
    const merchant = renderApp('/staff/merchants/12', [{ path: '/user', body: { data: user } }, billingFails]);
    await waitFor(() => expect(merchant.router.state.location.pathname).toBe('/'));
    expect(merchant.leaveFor).not.toHaveBeenCalled();
  });

  it('keeps the reset-password page reachable when signed in', async () => {
    storeSession();
    const { router } = renderApp('/reset-password/abcdefghijklmnopqrstuvwxyz', [
      { path: '/forgot-password/token/:token', body: { data: { email: user.email, forgot_password_token: 'abcdefghijklmnopqrstuvwxyz' } } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password/abcdefghijklmnopqrstuvwxyz');
  });

  it('shows the terms of the country in the link, Malaysia by default', async () => {
    const { missingKeys } = renderApp('/terms-condition?country=sg');
    expect(await screen.findByTestId('terms-intro')).toHaveTextContent('merchants in Singapore');
    expect(missingKeys).toEqual([]);
  });
});
