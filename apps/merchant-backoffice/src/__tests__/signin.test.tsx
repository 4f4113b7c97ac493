import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../app/session-store';
import { loginResult, renderApp, stopTheClock, user } from './render-app';

// The countdowns are computed from the wall clock: stopped, they read exactly what the API's times say.
const NOW = stopTheClock();
afterEach(() => window.localStorage.clear());

const now = () => NOW;
const otpData = (overrides = {}) => ({
  email: user.email,
  mobile_attempts_left: 5,
  mobile_verify_code_sent_at: now(),
  seconds_of_validation: 300,
  mobile_last_attempt_date: null,
  attempts_ban_seconds: 900,
  ...overrides,
});
const codeSent = { method: 'POST', path: '/erpCheckOTPStatus', body: { success: true, skip_otp: false, message: 'OTP sent', otp_data: otpData(), out_off_credit_store: [] } };
const billing = { path: '/users/billing/all', status: 402, body: { error: { code: 'must_subscribe', message: 'x', key: 'errors:billing.mustSubscribe' } } };

const fillCredentials = async (terms = true) => {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), user.email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'Merchant2026');
  if (terms) await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

const typeCode = async (code: string) => {
  await userEvent.click(screen.getByLabelText('Verification code 1'));
  await userEvent.keyboard(code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

describe('sign-in screen', () => {
  it('asks for e-mail, password and the terms before calling the API', async () => {
    const { calls, missingKeys } = renderApp('/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Please fill in your Email and Password!')).toHaveLength(2);
    expect(screen.getByText('You have to agree to the Terms of Service')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('erpCheckOTPStatus'))).toEqual([]);
    expect(missingKeys).toEqual([]);
  });

  it('links the terms of the country given in the link', async () => {
    renderApp('/signin?country=PH');
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-condition?country=ph');
  });

  it('shows the API message for wrong credentials', async () => {
    renderApp('/signin', [
      { method: 'POST', path: '/erpCheckOTPStatus', status: 401, body: { error: { code: 'invalid_credentials', message: 'Invalid username or password', key: 'errors:error.invalidCredentials' } } },
    ]);
    await fillCredentials();
    expect(await screen.findByTestId('signin-error')).toHaveTextContent('Invalid username or password');
  });

  it('shows the code screen with attempts left and an m:ss countdown, and back returns to the form', async () => {
    renderApp('/signin', [codeSent]);
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByTestId('attempts-left')).toHaveTextContent('5 attempts left');
    expect(screen.getByTestId('otp-countdown').textContent).toMatch(/Resend code in [45]:\d\d/);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please fill in all 6 OTP digits')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('says the code is delayed (not a silent wait) when the mail server has not taken it yet', async () => {
    const { missingKeys } = renderApp('/signin', [{ ...codeSent, body: { ...codeSent.body, mail_delayed: true } }]);
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByTestId('otp-mail-delayed')).toHaveTextContent('Our mail server is slow right now');
    expect(missingKeys).toEqual([]);
  });

  it('shows no delay notice when the code was sent', async () => {
    renderApp('/signin', [codeSent]);
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.queryByTestId('otp-mail-delayed')).toBeNull();
  });

  it('offers resend once the countdown is over', async () => {
    renderApp('/signin', [{ ...codeSent, body: { ...codeSent.body, otp_data: otpData({ mobile_verify_code_sent_at: now() - 400 }) } }]);
    await fillCredentials();
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });

  it('shows the invalid-code message and the attempts the API reports', async () => {
    renderApp('/signin', [
      codeSent,
      {
        method: 'POST',
        path: '/erpSubmitOTP',
        status: 400,
        body: { error: { code: 'otp_invalid', message: 'OTP invalid', key: 'errors:error.otpInvalid' }, otp_data: otpData({ mobile_attempts_left: 2 }) },
      },
    ]);
    await fillCredentials();
    await screen.findByRole('heading', { name: 'Enter your code' });
    await typeCode('123456');
    expect(await screen.findByTestId('otp-error')).toHaveTextContent('OTP invalid, Kindly check and fill in the correct OTP again');
    expect(screen.getByTestId('attempts-left')).toHaveTextContent('2 attempts left');
  });

  it('code step by keyboard (issue 32): focus on the first box, Enter submits, a refused code refocuses the boxes marked invalid', async () => {
    const { calls } = renderApp('/signin', [
      codeSent,
      {
        method: 'POST',
        path: '/erpSubmitOTP',
        status: 400,
        body: { error: { code: 'otp_invalid', message: 'OTP invalid', key: 'errors:error.otpInvalid' }, otp_data: otpData({ mobile_attempts_left: 4 }) },
      },
    ]);
    await fillCredentials();
    await screen.findByRole('heading', { name: 'Enter your code' });
    const firstBox = screen.getByLabelText('Verification code 1');
    await waitFor(() => expect(firstBox).toHaveFocus());
    expect(screen.getByTestId('otp-countdown').querySelector('[aria-live]')).toBeNull();
    await userEvent.keyboard('123456{Enter}');
    const error = await screen.findByTestId('otp-error');
    expect(calls.filter((call) => call.url.endsWith('/erpSubmitOTP'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Verification code 1')).toHaveFocus());
    expect(screen.getByLabelText('Verification code 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAttribute('aria-describedby', error.id);
  });

  it('marks every invalid field on an empty submit (issue 32), the password and the terms too', async () => {
    renderApp('/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Please fill in your Email and Password!');
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Show or hide the password' })).not.toHaveAttribute('tabindex', '-1');
  });

  it('locks the code screen when banned and counts the ban down', async () => {
    renderApp('/signin', [
      codeSent,
      {
        method: 'POST',
        path: '/erpSubmitOTP',
        status: 423,
        body: { error: { code: 'otp_banned', message: 'locked', key: 'errors:error.otpBanned' }, otp_data: otpData({ mobile_attempts_left: 0, mobile_last_attempt_date: now() }) },
      },
    ]);
    await fillCredentials();
    await screen.findByRole('heading', { name: 'Enter your code' });
    await typeCode('123456');
    expect(await screen.findByTestId('otp-error')).toHaveTextContent('Log in has been locked for a period of time. Come back later');
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent('Try again in 15:00');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Sign-in locked' })).toBeInTheDocument();
    expect(screen.getByTestId('otp-subtitle')).toHaveTextContent(/Signing in is locked/);
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
  });

  it('shows the ban, not a sent code, when sign-in is already banned at the first step', async () => {
    renderApp('/signin', [
      {
        method: 'POST',
        path: '/erpCheckOTPStatus',
        status: 423,
        body: { error: { code: 'otp_banned', message: 'locked', key: 'errors:error.otpBanned' }, otp_data: otpData({ mobile_attempts_left: 0, mobile_last_attempt_date: now() }) },
      },
    ]);
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Sign-in locked' })).toBeInTheDocument();
    expect(screen.getByTestId('otp-error')).toHaveTextContent('Log in has been locked for a period of time. Come back later');
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('signs in straight away when the account skips the code, and stores the session', async () => {
    const { router } = renderApp('/signin', [
      { method: 'POST', path: '/erpCheckOTPStatus', body: { success: true, skip_otp: true, message: 'OTP not required', otp_data: null, out_off_credit_store: [] } },
      { method: 'POST', path: '/login', body: loginResult },
      { path: '/user', body: { data: user } },
      billing,
    ]);
    await fillCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').userId).toBe(user.id);
  });

  it.each([
    ['/signin', '/staff/merchants'],
    [`/signin?from=${encodeURIComponent('/staff/merchants/12?tab=timeline')}`, '/staff/merchants/12?tab=timeline'],
    [`/signin?from=${encodeURIComponent('/profile')}`, '/staff/merchants'],
  ])('takes staff from the code step (%s) straight to the console page in one navigation: %s', async (path, console) => {
    const { leaveFor, calls } = renderApp(path, [
      codeSent,
      { method: 'POST', path: '/erpSubmitOTP', body: { success: true, message: 'OTP verified', otp_data: otpData() } },
      { method: 'POST', path: '/login', body: { ...loginResult, role_names: ['support'] } },
    ]);
    await fillCredentials();
    await screen.findByRole('heading', { name: 'Enter your code' });
    await typeCode('123456');
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(leaveFor.mock.calls).toEqual([[console]]);
    // Not through the merchant home first: nothing of it was asked for.
    expect(calls.map((call) => call.url)).not.toContain('/api/user');
  });

  it('refuses a role that may not use the back office', async () => {
    const { router } = renderApp('/signin', [
      { method: 'POST', path: '/erpCheckOTPStatus', body: { success: true, skip_otp: true, message: 'OTP not required', otp_data: null, out_off_credit_store: [] } },
      { method: 'POST', path: '/login', body: { ...loginResult, role_names: ['chat_store_staff'] } },
    ]);
    await fillCredentials();
    expect(await screen.findByTestId('signin-error')).toHaveTextContent('This account cannot sign in to the merchant back office');
    expect(router.state.location.pathname).toBe('/signin');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('activates the account from the e-mailed link', async () => {
    const { calls } = renderApp('/signin?evt=abcdefghijklmnopqrstuvwxyz', [
      { method: 'PATCH', path: '/signup/activate/:token', body: { success: true, message: 'activated' } },
    ]);
    expect(await screen.findByText('Your account has been activated. You can login with registered email id')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });
});
