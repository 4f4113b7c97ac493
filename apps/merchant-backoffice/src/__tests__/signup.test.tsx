import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, FakeRoute } from './render-app';
import { loginResult, renderApp, stopTheClock, user } from './render-app';

// The countdowns are computed from the wall clock: stopped, they read exactly what the API's times say.
const NOW = stopTheClock();
afterEach(() => window.localStorage.clear());

const now = () => NOW;
const apiError = (status: number, code: string, key: string, extra: Record<string, unknown> = {}, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message: code, key, ...(fields ? { details: { fields } } : {}) }, ...extra },
});

const settings: FakeRoute = {
  path: '/trial/getSettings',
  body: {
    data: {
      languages: [{ languageId: 2, locale: 'ms', name: 'Malay', icon: null }],
      countries: [
        { id: 129, name: 'Malaysia', dial_code: '60', iso_code: 'MY', currency_code: 'MYR' },
        { id: 216, name: 'Taiwan', dial_code: '886', iso_code: 'TW', currency_code: 'TWD' },
      ],
      industries: [{ id: 4, name: 'Fashion', translations: { ms: 'Fesyen', zh: '时尚', zhtw: '時尚', th: 'แฟชั่น' } }],
      currencies: [
        { code: 'MYR', symbol_left: 'RM', decimal_places: 2 },
        { code: 'TWD', symbol_left: 'NT$', decimal_places: 0 },
      ],
    },
  },
};
const states: FakeRoute = { path: '/countries/129/states', body: { data: { states: [{ id: 5, name: 'Selangor' }] } } };
const taiwanStates: FakeRoute = { path: '/countries/216/states', body: { data: { states: [{ id: 9, name: 'Taipei City', translations: { zh: '台北市', zhtw: '臺北市', th: 'นครไทเป' } }] } } };
const codeSent = (nextOTP = now() + 90): FakeRoute => ({ method: 'POST', path: '/trial/verify', body: { valid: true, found: { nextOTP }, message: 'sent' } });
const codeVerified: FakeRoute = { method: 'POST', path: '/trial/verifyOTP', body: { success: true, verified: true, message: 'ok' } };

const posted = (calls: Call[], path: string) => calls.filter((call) => call.method === 'POST' && call.url === `/api${path}`).map((call) => call.body);

const fillAccount = async (confirmPassword = 'Merchant2026', names = { first: 'Nur', last: 'Aina' }) => {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), ' new-merchant@demo.test ');
  await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), names.first);
  await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), names.last);
  await userEvent.type(screen.getByRole('textbox', { name: 'Store name' }), 'Kedai Aina');
  await userEvent.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0912-345-678');
  await userEvent.type(screen.getByRole('textbox', { name: 'LINE ID' }), 'aina.line');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Merchant2026');
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
};

const typeCode = async (code: string) => {
  await userEvent.click(screen.getByLabelText('Verification code 1'));
  await userEvent.keyboard(code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

const choose = async (label: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  // Mantine's dropdown stays display:none under jsdom, which runs no transitions; the option is there to pick.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};


/** The resend countdown reads m:ss from `seconds`, the API's nextOTP less the (stopped) clock. */
const expectCountdownFrom = (seconds: number) => {
  expect(screen.getByText('Resend code in')).toHaveTextContent(`Resend code in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`);
};

describe('trial sign-up: account form', () => {
  it("shows the shared schema's messages and calls nothing", async () => {
    const { calls, missingKeys } = renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    for (const message of [
      'Please enter a valid email address',
      'Please enter your first name',
      'Please enter your last name',
      'Please enter the store name (minimum 3 characters)',
      'Please enter a valid mobile number (7 to 15 digits)',
      'Please enter your Line ID',
      'Password must be at least 8 characters long and include both letters and numbers',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(posted(calls, '/trial/verify')).toEqual([]);
    expect(missingKeys).toEqual([]);
  });

  it('refuses a confirmation that differs from the password', async () => {
    const { calls } = renderApp('/signup');
    await fillAccount('Merchant2027');
    await waitFor(() => expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match'));
    expect(posted(calls, '/trial/verify')).toEqual([]);
  });

  it('shows the password mismatch on the same try as the other fields\' errors', async () => {
    const { calls } = renderApp('/signup');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'new-merchant@demo');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Merchant2026');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Merchant2027');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('Please enter your first name');
    expect(screen.getByRole('textbox', { name: 'Store name' })).toHaveAccessibleDescription('Please enter the store name (minimum 3 characters)');
    expect(posted(calls, '/trial/verify')).toEqual([]);
  });

  it('sends the form with the dial code joined to the number, then asks for the SMS code with a resend countdown', async () => {
    const { calls } = renderApp('/signup', [codeSent(now() + 90)]);
    await fillAccount();
    expect(await screen.findByText('Verify your mobile number')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code we sent by SMS to +886912345678.')).toBeInTheDocument();
    expectCountdownFrom(90);
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    expect(posted(calls, '/trial/verify')).toEqual([
      {
        email: 'new-merchant@demo.test',
        mobile_no: '+886912345678',
        firstName: 'Nur',
        lastName: 'Aina',
        password: 'Merchant2026',
        storeName: 'Kedai Aina',
        lineId: 'aina.line',
        // The SMS is written in the page's language (issue 31 #5).
        locale: 'en',
      },
    ]);
  });

  it("puts the server's field errors on the fields, mobile_no on the mobile field", async () => {
    renderApp('/signup', [
      {
        method: 'POST',
        path: '/trial/verify',
        ...apiError(422, 'validation_failed', 'errors:error.validationFailed', {}, { mobile_no: 'errors:register.phoneExists', storeName: 'errors:register.storeNameExists' }),
      },
    ]);
    await fillAccount();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAccessibleDescription('Phone number already exists'));
    expect(screen.getByRole('textbox', { name: 'Store name' })).toHaveAccessibleDescription('Store name already exists');
    expect(screen.queryByText('Verify your mobile number')).toBeNull();
  });

  it('says the e-mail is taken and empties the form', async () => {
    renderApp('/signup', [{ method: 'POST', path: '/trial/verify', ...apiError(409, 'email_taken', 'errors:register.emailAlreadySignUp', { valid: false, error_code: 'email_exists' }) }]);
    await fillAccount();
    expect(await screen.findByText('This email has already been registered')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Store name' })).toHaveValue('');
  });
});

describe('trial sign-up: code step', () => {
  it('asks for all six digits before calling the API', async () => {
    const { calls } = renderApp('/signup', [codeSent()]);
    await fillAccount();
    await screen.findByText('Verify your mobile number');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter your 6-digit PIN before submitting.')).toBeInTheDocument();
    expect(posted(calls, '/trial/verifyOTP')).toEqual([]);
  });

  it('offers resend when the countdown is over and restarts it from the new nextOTP', async () => {
    const { calls } = renderApp('/signup', [codeSent(now() - 1), { method: 'POST', path: '/trial/resendOTP', body: { success: true, nextOTP: now() + 60, message: 'sent' } }]);
    await fillAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expectCountdownFrom(60));
    expect(posted(calls, '/trial/resendOTP')).toEqual([{ email: 'new-merchant@demo.test', locale: 'en' }]);
  });

  it('keeps the countdown the API gives when a resend comes too soon', async () => {
    renderApp('/signup', [
      codeSent(now() - 1),
      { method: 'POST', path: '/trial/resendOTP', ...apiError(429, 'trial_resend_too_soon', 'errors:register.resendOtp', { nextOTP: now() + 30 }) },
    ]);
    await fillAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Please try again to resend the OTP')).toBeInTheDocument();
    expectCountdownFrom(30);
  });

  it.each([
    ['an expired code', apiError(400, 'trial_code_expired', 'errors:register.codeExpired', { error_code: 'expired', attempts_left: 3 }), 'Your code was expired. Please resend OTP again'],
    ['no attempts left', apiError(429, 'trial_attempt_limit', 'errors:register.attemptLimit', { error_code: 'attempt_limit', attempts_left: 0 }), 'You have reached the maximum number of attempts. Please resend OTP again'],
    ['a wrong code', apiError(400, 'trial_code_invalid', 'errors:register.otpError', { error_code: 'otp_error', attempts_left: 2 }), 'Incorrect OTP entered. Please try again.'],
    ['any other failure', apiError(500, 'internal_error', 'errors:error.somethingWentWrong'), 'Incorrect OTP entered. Please try again.'],
  ])('stays on the code step and explains %s', async (_case, answer, message) => {
    const { calls } = renderApp('/signup', [codeSent(), { method: 'POST', path: '/trial/verifyOTP', ...answer }]);
    await fillAccount();
    await screen.findByText('Verify your mobile number');
    await typeCode('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Verify your mobile number')).toBeInTheDocument();
    expect(posted(calls, '/trial/verifyOTP')).toEqual([{ email: 'new-merchant@demo.test', otp: '123456' }]);
  });

  it('leaves the code step with a toast on error_data, keeping the form', async () => {
    renderApp('/signup', [codeSent(), { method: 'POST', path: '/trial/verifyOTP', ...apiError(404, 'registration_not_found', 'errors:register.dataError', { error_code: 'error_data' }) }]);
    await fillAccount();
    await screen.findByText('Verify your mobile number');
    await typeCode('123456');
    expect(await screen.findByText('Please update your store details')).toBeInTheDocument();
    expect(screen.queryByText('Verify your mobile number')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('new-merchant@demo.test');
  });

  it('resets the form with a toast on email_exists', async () => {
    renderApp('/signup', [codeSent(), { method: 'POST', path: '/trial/verifyOTP', ...apiError(409, 'email_taken', 'errors:register.emailAlreadySignUp', { error_code: 'email_exists' }) }]);
    await fillAccount();
    await screen.findByText('Verify your mobile number');
    await typeCode('123456');
    expect(await screen.findByText('This email has already been registered')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('goes back to the filled form with Back', async () => {
    renderApp('/signup', [codeSent()]);
    await fillAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('new-merchant@demo.test');
  });
});

describe('trial sign-up: store step', () => {
  const toStoreStep = async (routes: FakeRoute[] = []) => {
    const app = renderApp('/signup', [settings, states, taiwanStates, codeSent(), codeVerified, ...routes]);
    await fillAccount();
    await screen.findByText('Verify your mobile number');
    await typeCode('654321');
    expect(await screen.findByText('Set up your store')).toBeInTheDocument();
    return app;
  };

  const fillStore = async (country = 'Malaysia', state = 'Selangor') => {
    await userEvent.type(screen.getByRole('textbox', { name: 'Store email' }), 'shop@demo.test');
    await choose('Industry', 'Fashion');
    await choose('Store language', 'Malay');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address line 1' }), '1 Jalan Ampang');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Kuala Lumpur');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postal code' }), '50450');
    await choose('Country', country);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State / Region' })).toBeEnabled());
    await choose('State / Region', state);
    await userEvent.click(screen.getByRole('button', { name: 'Create my store' }));
  };

  it("takes the store's currency from its country: a Taiwan store is priced in TWD, never MYR", async () => {
    const { calls } = await toStoreStep([{ method: 'POST', path: '/trial/register', body: loginResult }, { path: '/user', body: { data: user } }]);
    // Where the currency comes from is said once, in full, under the field: no placeholder cut to "Set by the store's cou".
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveAccessibleDescription("Set by the store's country");
    expect(currency).not.toHaveAttribute('placeholder', "Set by the store's country");
    await choose('Country', 'Malaysia');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('MYR'));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Store email' }));
    await fillStore('Taiwan', 'Taipei City');
    await screen.findByTestId('signup-success');
    expect(screen.queryByText('Selected currency is invalid')).toBeNull();
    expect(posted(calls, '/trial/register')).toMatchObject([{ store: { currency: 'TWD', country: '216', state: '9' } }]);
  });

  it('names the countries and store languages in the page language, as the wizard and checkout do (issue 31 #5)', async () => {
    const { i18n } = await toStoreStep();
    await act(() => i18n.changeLanguage('zhtw'));
    await userEvent.click(await screen.findByRole('combobox', { name: '國家' }));
    expect(await screen.findByRole('option', { name: '馬來西亞', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Malaysia', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '商店語言' }));
    expect(await screen.findByRole('option', { name: '馬來文', hidden: true })).toBeInTheDocument();
    // The industries too: each entry's name in the page's language comes with the list (issue 31 #5).
    await userEvent.click(screen.getByRole('combobox', { name: '產業' }));
    expect(await screen.findByRole('option', { name: '時尚', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Fashion', hidden: true })).not.toBeInTheDocument();
    // And the chosen country's states (issue 31 #5): Taiwan's cities in Traditional Chinese.
    await choose('國家', '台灣');
    await userEvent.click(await screen.findByRole('combobox', { name: '縣市 / 地區' }));
    expect(await screen.findByRole('option', { name: '臺北市', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Taipei City', hidden: true })).not.toBeInTheDocument();
  });

  it("shows the store schema's messages", async () => {
    const { calls } = await toStoreStep();
    expect(screen.getByRole('combobox', { name: 'State / Region' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Create my store' }));
    // Empty choices ask for one (issue 31 #7), as Industry does; none says "does not exist" or "is invalid".
    for (const message of [
      'Please enter a valid store email address',
      'Please choose your industry',
      'Please choose the store language',
      'Please enter your address',
      'Please enter city',
      'Please enter a valid postal code',
      'Please choose a country',
      'Please choose a state or region',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText(/does not exist|is invalid/)).toBeNull();
    expect(posted(calls, '/trial/register')).toEqual([]);
  });

  it('registers account and store, signs in and shows the success step', async () => {
    const { calls, router } = await toStoreStep([
      { method: 'POST', path: '/trial/register', body: loginResult },
      { path: '/user', body: { data: user } },
      { path: '/users/billing/all', ...apiError(402, 'must_subscribe', 'errors:billing.mustSubscribe') },
    ]);
    await fillStore();
    const success = await screen.findByTestId('signup-success');
    expect(within(success).getByText('Your store is ready')).toBeInTheDocument();
    expect(posted(calls, '/trial/register')).toEqual([
      {
        account: {
          first_name: 'Nur',
          last_name: 'Aina',
          email: 'new-merchant@demo.test',
          mobile_no: '+886912345678',
          password: 'Merchant2026',
          password_confirmation: 'Merchant2026',
          line_id: 'aina.line',
        },
        store: {
          store_name: 'Kedai Aina',
          store_email: 'shop@demo.test',
          industry: '4',
          currency: 'MYR',
          language: 'ms',
          address1: '1 Jalan Ampang',
          address2: null,
          city: 'Kuala Lumpur',
          zip: '50450',
          country: '129',
          state: '5',
        },
      },
    ]);
    await userEvent.click(within(success).getByRole('button', { name: 'Go to my dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('takes a one-character surname (王) to the success step', async () => {
    const app = renderApp('/signup', [settings, states, codeSent(), codeVerified, { method: 'POST', path: '/trial/register', body: loginResult }, { path: '/user', body: { data: user } }]);
    await fillAccount('Merchant2026', { first: '小明', last: '王' });
    await screen.findByText('Verify your mobile number');
    await typeCode('654321');
    await screen.findByText('Set up your store');
    await fillStore();
    await screen.findByTestId('signup-success');
    expect(posted(app.calls, '/trial/register')).toMatchObject([{ account: { first_name: '小明', last_name: '王' } }]);
  });

  it('goes back to the first form with the field marked when the server refuses one of its fields, and on without a new code', async () => {
    const refusal: FakeRoute = {
      method: 'POST',
      path: '/trial/register',
      ...apiError(400, 'validation_failed', 'errors:error.validationFailed', {}, { 'account.last_name': 'validation:registration.lastNameInvalid' }),
    };
    const { calls } = await toStoreStep([refusal, { path: '/user', body: { data: user } }]);
    await fillStore();
    const lastName = await screen.findByRole('textbox', { name: 'Last name' });
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Last name may contain letters, spaces, hyphens, apostrophes and dots only'));
    expect(lastName).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Some details on this form were refused');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Nur');

    // Corrected: straight back to the store step, filled as it was, with no second code.
    Object.assign(refusal, { status: 201, body: loginResult });
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Aina-Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Set up your store')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Store email' })).toHaveValue('shop@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create my store' }));
    await screen.findByTestId('signup-success');
    expect(posted(calls, '/trial/verify')).toHaveLength(1);
    expect(posted(calls, '/trial/register')).toMatchObject([{ account: { last_name: 'Aina' } }, { account: { last_name: 'Aina-Lee' } }]);
  });

  it('asks for a new code when the e-mail or number is changed after the refusal', async () => {
    const { calls } = await toStoreStep([
      { method: 'POST', path: '/trial/register', ...apiError(422, 'registration_invalid', 'errors:error.validationFailed', {}, { 'account.mobile_no': 'errors:register.phoneExists' }) },
    ]);
    await fillStore();
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('Phone number already exists'));
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '0911-222-333');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Verify your mobile number')).toBeInTheDocument();
    expect(posted(calls, '/trial/verify')).toMatchObject([{ mobile_no: '+886912345678' }, { mobile_no: '+886911222333' }]);
  });

  it("puts the server's store field errors on the store fields", async () => {
    await toStoreStep([
      {
        method: 'POST',
        path: '/trial/register',
        ...apiError(422, 'validation_failed', 'errors:error.validationFailed', {}, { 'store.store_email': 'errors:register.storeEmailExists' }),
      },
    ]);
    await fillStore();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Store email' })).toHaveAccessibleDescription('Store email already exists'));
    expect(screen.queryByTestId('signup-success')).toBeNull();
  });
});
