import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accessKindOf } from '../components/staff-access-card';
import type { FakeRoute } from './render-app';
import { renderApp, storeSession, user } from './render-app';

afterEach(() => window.localStorage.clear());

const signedIn: FakeRoute[] = [
  { path: '/user', body: { data: user } },
  { path: '/users/billing/all', status: 402, body: { error: { code: 'must_subscribe', message: 'x', key: 'errors:billing.mustSubscribe' } } },
];

const openProfile = async (access: FakeRoute) => {
  storeSession();
  const app = renderApp('/profile/personal', [access, ...signedIn]);
  await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Aisyah Rahman'));
  return app;
};

describe('support access on the profile', () => {
  it('names staff subscription controls in the merchant’s words: a free month as credit, the others as plan or billing (issue 27)', () => {
    expect(accessKindOf('subscription.comp_month')).toBe('credit');
    for (const action of ['subscription.cancel_now', 'subscription.cancel_at_period_end', 'subscription.extend_grace', 'subscription.change_billing_day', 'subscription.reinstate']) {
      expect(accessKindOf(action)).toBe('billing');
    }
  });

  it('lists when staff looked at or changed the account and why, by role', async () => {
    const { missingKeys } = await openProfile({
      path: '/users/staff-access',
      body: {
        data: [
          { at: 1_767_225_600, action: 'billing.unsubscribe', reason: 'Owner asked on chat #77', staff_role: 'support' },
          { at: 1_767_139_200, action: 'merchant.viewed', reason: null, staff_role: 'superadmin' },
          { at: 1_767_100_000, action: 'merchant.profile_updated', reason: 'Owner asked to fix the spelling of her name', staff_role: 'support' },
        ],
      },
    });
    expect(await screen.findByText('Support changed your plan or billing')).toBeInTheDocument();
    expect(screen.getByText('Reason: Owner asked on chat #77')).toBeInTheDocument();
    expect(screen.getByText('An administrator looked at your account')).toBeInTheDocument();
    // A staff change of the profile is named as such, not as sign-in help (issue 26 §1).
    expect(screen.getByText('Support changed your profile details')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Support access to your account' })).toBeInTheDocument();
    await waitFor(() => expect(missingKeys).toEqual([]));
  });

  it('says so when staff never touched the account', async () => {
    await openProfile({ path: '/users/staff-access', body: { data: [] } });
    expect(await screen.findByText('Our support team has not looked at or changed your account.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    await openProfile({ path: '/users/staff-access', status: 500, body: { error: { code: 'internal_error', message: 'x', key: 'errors:general.somethingIsWrong' } } });
    expect(await screen.findByText('We could not load this list right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
