import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

afterEach(() => window.localStorage.clear());

const TOKEN = 'abcdefghijklmnopqrstuvwxyz';
const tokenFound = { path: `/forgot-password/token/${TOKEN}`, body: { data: { email: 'merchant-my@demo.test', forgot_password_token: TOKEN } } };
const posted = (calls: { method: string; url: string; body: unknown }[], path: string) => calls.filter((call) => call.method === 'POST' && call.url === `/api${path}`);

describe('forgot password', () => {
  it('asks for a valid e-mail before calling the API', async () => {
    const { calls, missingKeys } = renderApp('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please fill in your Email')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please fill in a valid Email')).toBeInTheDocument();
    expect(posted(calls, '/forgot-password')).toEqual([]);
    expect(missingKeys).toEqual([]);
  });

  it('sends the trimmed e-mail and says a link is on its way', async () => {
    const { calls } = renderApp('/forgot-password', [{ method: 'POST', path: '/forgot-password', body: { success: true, message: 'sent' } }]);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), '  merchant-my@demo.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent('If this email has an account, a reset link is on its way. Check your inbox.');
    expect(posted(calls, '/forgot-password').map((call) => call.body)).toEqual([{ email: 'merchant-my@demo.test' }]);
  });

  it('shows the text of the key the API sends when the e-mail cannot be sent', async () => {
    renderApp('/forgot-password', [
      { method: 'POST', path: '/forgot-password', status: 502, body: { error: { code: 'fail_to_send_email', message: 'x', key: 'errors:error.failedToSendEmail' } } },
    ]);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'merchant-my@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send email.');
  });

  it('goes back to sign-in keeping the language of the link', async () => {
    renderApp('/forgot-password?locale=ms');
    expect(await screen.findByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/signin?locale=ms');
  });
});

describe('reset password', () => {
  it('shows a loader while the link is checked', async () => {
    let release: (value?: unknown) => void = () => undefined;
    renderApp(`/reset-password/${TOKEN}`, [{ ...tokenFound, wait: new Promise((resolve) => (release = resolve)) }]);
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('merchant-my@demo.test');
  });

  it('offers a new link when the token is not valid', async () => {
    renderApp(`/reset-password/${TOKEN}`, [
      { path: `/forgot-password/token/${TOKEN}`, status: 404, body: { error: { code: 'token_invalid', message: 'x', key: 'errors:error.tokenInvalid' } } },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not valid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the e-mail read-only and checks the passwords before calling the API', async () => {
    const { calls, missingKeys } = renderApp(`/reset-password/${TOKEN}`, [tokenFound]);
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveValue('merchant-my@demo.test'));
    expect(email).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText('Please fill in your New Password and Confirm Password!')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters long and include both letters and numbers')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Merchant2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('New Password and Confirm Password do not match')).toBeInTheDocument();
    expect(posted(calls, '/forgot-password/change')).toEqual([]);
    expect(missingKeys).toEqual([]);
  });

  it('changes the password with the token and returns to sign-in', async () => {
    const { calls, router } = renderApp(`/reset-password/${TOKEN}`, [tokenFound, { method: 'POST', path: '/forgot-password/change', body: { success: true, message: 'ok' } }]);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('merchant-my@demo.test'));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Merchant2027');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Merchant2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been successfully reset.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(posted(calls, '/forgot-password/change').map((call) => call.body)).toEqual([
      { email: 'merchant-my@demo.test', forgot_password_token: TOKEN, password: 'Merchant2027', password_confirmation: 'Merchant2027' },
    ]);
  });

  it('puts the API field errors on the fields and shows an expired link', async () => {
    renderApp(`/reset-password/${TOKEN}`, [
      tokenFound,
      {
        method: 'POST',
        path: '/forgot-password/change',
        status: 410,
        body: { error: { code: 'token_expired', message: 'x', key: 'errors:error.tokenExpired', details: { fields: { password: 'validation:resetPassword.passwordWeak' } } } },
      },
    ]);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('merchant-my@demo.test'));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Merchant2027');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Merchant2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Password must be at least 8 characters long and include both letters and numbers');
  });
});
