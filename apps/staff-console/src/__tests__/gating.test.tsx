import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '../app/leave-app';
import { renderConsole, row, staffMe } from './render-console';

// Whole screens with lazy routes and typing: slower than the 20 s default on a loaded 2-core machine.
vi.setConfig({ testTimeout: 40_000 });

vi.mock('../app/leave-app', async (original) => ({ ...(await original<typeof import('../app/leave-app')>()), leaveApp: vi.fn() }));

afterEach(() => {
  vi.mocked(leaveApp).mockClear();
  window.localStorage.clear();
});

const directory = { path: '/staff/merchants', body: { data: [row()], next_cursor: null } };
const counts = { path: '/staff/merchants/attention-counts', body: { past_due: 1, failed_payments_7d: 2, grace_ending_7d: 0, total: 3 } };

describe('who may use the staff console', () => {
  it('sends a merchant who opens the console back to its own home, showing nothing of the console', async () => {
    renderConsole('/merchants', [{ path: '/staff/me', status: 403, body: { error: { code: 'forbidden', message: 'Staff only' } } }, directory]);
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/'));
    expect(screen.queryByRole('heading', { name: 'Merchants' })).not.toBeInTheDocument();
  });

  it('sends a visitor without a session to sign in, to come back to the page asked for', async () => {
    renderConsole('/merchants?q=sg', [{ path: '/staff/me', status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in' } } }]);
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/signin?from=%2Fstaff%2Fmerchants%3Fq%3Dsg'));
  });

  it('forgets a session the API no longer knows before going to sign in, so sign-in does not send the browser back', async () => {
    // A deactivated staff member's stored session: sign-in would take it as signed in and return to the console.
    window.localStorage.setItem('merchant-hub.session', JSON.stringify({ expiresAt: new Date(Date.now() + 3_600_000).toISOString(), roleNames: ['support'] }));
    renderConsole('/merchants', [{ path: '/staff/me', status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in' } } }]);
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/signin?from=%2Fstaff%2Fmerchants'));
    expect(window.localStorage.getItem('merchant-hub.session')).toBeNull();
  });

  it('lands staff on the merchant directory with their role in the top bar, translated throughout', async () => {
    const { router, missingKeys } = renderConsole('/', [{ path: '/staff/me', body: staffMe }, directory, counts]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchants' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants');
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(await screen.findAllByText('Lion City Goods')).not.toHaveLength(0);
    expect(leaveApp).not.toHaveBeenCalled();
    expect(missingKeys).toEqual([]);
  });

  it('logs out by revoking the session, forgetting it and going to sign in', async () => {
    window.localStorage.setItem('merchant-hub.session', JSON.stringify({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    const { calls } = renderConsole('/merchants', [{ path: '/staff/me', body: staffMe }, directory, counts, { path: '/logout', body: { success: true, message: 'Logged out' } }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/signin'));
    expect(calls.some((call) => call.url === '/api/logout')).toBe(true);
    expect(window.localStorage.getItem('merchant-hub.session')).toBeNull();
  });

  it('answers an unknown path with not found inside the console', async () => {
    renderConsole('/no/such/page', [{ path: '/staff/me', body: staffMe }]);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
  });
});
