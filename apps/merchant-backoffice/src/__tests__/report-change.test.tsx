import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

afterEach(() => window.localStorage.clear());

// Issue 26 §1: the address a change of e-mail or phone replaced gets a link to report it.
const TOKEN = 'abcdefghijklmnopqrstuvwxyz';
const described = { path: `/contact-change/${TOKEN}`, body: { data: { email_changed: true, phone_changed: false, changed_by: 'staff', changed_at: 1_772_441_400 } } };

describe('reporting a change of e-mail or phone', () => {
  it('says what changed, by whom and when, and undoes it on request', async () => {
    const { calls, missingKeys } = renderApp(`/report-change/${TOKEN}`, [described, { method: 'POST', path: `/contact-change/${TOKEN}/report`, body: { data: { restored: true } } }]);
    expect(await screen.findByText(/The e-mail address of your account was changed on 02\/03\/2026, by our support team\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'This was not me: undo it and secure my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We restored your previous details and signed out every session.');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/forgot-password');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([`/api/contact-change/${TOKEN}/report`]);
    await waitFor(() => expect(missingKeys).toEqual([]));
  });

  it('says so when the link is not valid any more', async () => {
    renderApp(`/report-change/${TOKEN}`, [{ path: `/contact-change/${TOKEN}`, status: 404, body: { error: { code: 'token_invalid', message: 'x', key: 'errors:error.tokenInvalid' } } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid, was already used or has expired.');
    expect(screen.queryByRole('button', { name: /This was not me/ })).not.toBeInTheDocument();
  });
});
