import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchPath } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_PAGE_PATTERNS, isGuestOnlyPage } from '../app/guest-area';
import { SESSION_STORAGE_KEY } from '../app/session-store';
import { loginResult, renderGuestApp, user } from './render-app';

afterEach(() => window.localStorage.clear());

const skipCode = { method: 'POST', path: '/erpCheckOTPStatus', body: { success: true, skip_otp: true, message: 'OTP not required', otp_data: null, out_off_credit_store: [] } };

const fillCredentials = async () => {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'Merchant2026');
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('guest entry (guest-main.tsx: the guest pages without the data router)', () => {
  it.each([
    ['/signin', 'Welcome back'],
    ['/signup', 'Start your free trial'],
    ['/forgot-password', 'Forgot password'],
  ])('draws %s itself', async (path, heading) => {
    const { load, missingKeys } = renderGuestApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(missingKeys).toEqual([]);
  });

  it('loads the back office once signed in, keeping the sign-in page on screen until the browser leaves', async () => {
    const { load, location } = renderGuestApp('/signin', [skipCode, { method: 'POST', path: '/login', body: loginResult }]);
    await fillCredentials();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(location()?.pathname).toBe('/');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').userId).toBe(user.id);
    // The navigation never commits: the page left is what the visitor sees until the next one loads.
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('moves between the guest pages without loading the back office', async () => {
    const { load, location } = renderGuestApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Start a free trial' }));
    expect(await screen.findByRole('heading', { name: 'Start your free trial' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/signup');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the guest pages the API answers with guest.html (GUEST_PAGE_PATTERNS)', () => {
  const matches = (path: string) => GUEST_PAGE_PATTERNS.some((pattern) => new RegExp(pattern).test(path));

  it('are the guest pages, and never an address the guest entry would hand back (which would load it again)', () => {
    for (const path of ['/signin', '/signin/', '/signup', '/forgot-password', '/confirm/abc123', '/reset-password/tok-1', '/terms-condition', '/session/500', '/session/404']) {
      expect([path, matches(path)]).toEqual([path, true]);
    }
    for (const path of ['/', '/home/dashboard', '/profile/personal', '/logout', '/signin/extra', '/confirm', '/confirm/a/b', '/reset-password', '/staff/', '/subscribe/1']) {
      expect([path, matches(path)]).toEqual([path, false]);
    }
  });

  it('match what the router matches, so the guest entry draws every path it is served on', () => {
    const routerPaths = ['/signin', '/signup', '/forgot-password', '/confirm/:token', '/reset-password/:token', '/terms-condition', '/session/500', '/session/404'];
    for (const sample of ['/confirm/x-1', '/reset-password/abc', '/signin/']) {
      expect([sample, routerPaths.some((path) => matchPath(path, sample))]).toEqual([sample, matches(sample)]);
    }
  });

  it('send a signed-in visitor home from sign-in, sign-up, forgot password, the wizard and session/404 only', () => {
    expect(['/signin', '/signup', '/forgot-password', '/confirm/abc', '/session/404'].filter(isGuestOnlyPage)).toHaveLength(5);
    expect(['/reset-password/abc', '/terms-condition', '/session/500', '/'].filter(isGuestOnlyPage)).toEqual([]);
  });
});

describe('guest.html', () => {
  it('is index.html but for its entry script, so that the two shells never drift apart', () => {
    const shell = (file: string) => readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8');
    expect(shell('guest.html')).toBe(shell('index.html').replace('src="/src/main.tsx"', 'src="/src/guest-main.tsx"'));
    expect(shell('guest.html')).toContain('src="/src/guest-main.tsx"');
  });
});
