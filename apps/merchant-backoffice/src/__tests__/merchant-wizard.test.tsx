import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, FakeRoute } from './render-app';
import { loginResult, renderApp, user } from './render-app';

afterEach(() => window.localStorage.clear());

const TOKEN = 'wizardtoken123';
// The chooser accepts JPG/PNG only; switching that filter off lets a test hand it the file a user could drop.
const person = userEvent.setup({ applyAccept: false });

const invite: FakeRoute = { path: `/create-merchant/${TOKEN}`, body: { data: { email: 'owner@demo.test', firstname: 'Siti', lastname: 'Hassan' } } };
const lists: FakeRoute[] = [
  { path: '/countries', body: { data: [{ id: 129, name: 'Malaysia', dial_code: '60', iso_code: 'MY' }] } },
  { path: '/countries/129/states', body: { data: { states: [{ id: 5, name: 'Selangor' }] } } },
  { path: '/shop-category', body: { data: [{ id: 7, name: 'Groceries', translations: { ms: 'Barangan Runcit', zh: '杂货', zhtw: '雜貨', th: 'ของชำ' } }] } },
];
const image = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input on this step');
  return input;
};
const creations = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/create-merchant');

const choose = async (label: string, option: string) => {
  await person.click(screen.getByRole('combobox', { name: label }));
  await person.click(await screen.findByRole('option', { name: option, hidden: true }));
};

const fillMerchantStep = async () => {
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Siti'));
  await person.type(screen.getByLabelText(/^Password/), 'secret123');
  await person.type(screen.getByLabelText(/^Confirm password/), 'secret123');
  await person.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Store logo');
};

const fillStoreStep = async () => {
  await person.upload(fileInput(), image('logo.png', 'image/png'));
  await person.type(screen.getByRole('textbox', { name: 'Store name' }), 'Kedai Siti');
  await person.type(screen.getByRole('textbox', { name: 'Store owner' }), 'Siti Hassan');
  await person.type(screen.getByRole('textbox', { name: 'Store email' }), 'kedai@demo.test');
  await person.type(screen.getByRole('textbox', { name: 'Telephone' }), '0312345678');
  await person.type(screen.getByRole('textbox', { name: 'Address' }), '2 Jalan Tun Razak');
  await choose('Country', 'Malaysia');
  await choose('State / Region', 'Selangor');
  await person.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('combobox', { name: 'Shop category (optional)' });
};

describe('merchant wizard /confirm/:token', () => {
  it('shows a loader while the link is checked, then the e-mail and names of the invitation', async () => {
    let release: (value?: unknown) => void = () => undefined;
    const { missingKeys } = renderApp(`/confirm/${TOKEN}`, [{ ...invite, wait: new Promise((resolve) => (release = resolve)) }, ...lists]);
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    release();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveValue('owner@demo.test'));
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Hassan');
    expect(missingKeys).toEqual([]);
  });

  it('sends an invalid or used link to sign-in', async () => {
    const { router } = renderApp(`/confirm/${TOKEN}`, [
      { path: `/create-merchant/${TOKEN}`, status: 404, body: { error: { code: 'token_invalid', message: 'x', key: 'errors:error.tokenInvalid' } } },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('moves forward only with a valid step', async () => {
    renderApp(`/confirm/${TOKEN}`, [invite, ...lists]);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Siti'));
    await person.type(screen.getByLabelText(/^Password/), 'short');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Password need to be more than 6 character')).toBeInTheDocument();
    await person.clear(screen.getByLabelText(/^Password/));
    await person.type(screen.getByLabelText(/^Password/), 'secret123');
    await person.type(screen.getByLabelText(/^Confirm password/), 'secret124');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Password not match')).toBeInTheDocument();
    expect(screen.queryByText('Store logo')).toBeNull();

    await person.clear(screen.getByLabelText(/^Confirm password/));
    await person.type(screen.getByLabelText(/^Confirm password/), 'secret123');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Store logo');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [
      'Please upload a store image',
      'Please enter the store name',
      'Please enter the store owner',
      'Please enter a valid store email address',
      'Please enter a telephone number',
      'Please enter your address',
      'Please choose a country',
      'Please choose a region',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox', { name: 'Shop category (optional)' })).toBeNull();
  });

  it('goes back freely, keeping what was typed', async () => {
    renderApp(`/confirm/${TOKEN}`, [invite, ...lists]);
    await fillMerchantStep();
    await person.type(screen.getByRole('textbox', { name: 'Store name' }), 'Half done');
    await person.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Siti');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('secret123');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'Store name' })).toHaveValue('Half done');
  });

  it.each([
    ['a GIF', image('photo.gif', 'image/gif'), 'You can only upgrade JPG/PNG file!'],
    ['a PNG of 2 MB', image('photo.png', 'image/png', 2 * 1024 * 1024), 'Image must smaller than 2MB!'],
  ])('refuses %s as the merchant photo', async (_case, file, message) => {
    renderApp(`/confirm/${TOKEN}`, [invite, ...lists]);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Siti'));
    await person.upload(fileInput(), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('refuses a store logo that is too large', async () => {
    renderApp(`/confirm/${TOKEN}`, [invite, ...lists]);
    await fillMerchantStep();
    await person.upload(fileInput(), image('logo.jpg', 'image/jpeg', 3 * 1024 * 1024));
    expect(await screen.findByText('Image must smaller than 2MB!')).toBeInTheDocument();
  });

  it('creates the merchant on Done with every field and the logo, then signs in', async () => {
    const { calls, router } = renderApp(`/confirm/${TOKEN}`, [
      invite,
      ...lists,
      { method: 'POST', path: '/create-merchant', body: loginResult },
      { path: '/user', body: { data: user } },
      { path: '/users/billing/all', status: 402, body: { error: { code: 'must_subscribe', message: 'x', key: 'errors:billing.mustSubscribe' } } },
    ]);
    await fillMerchantStep();
    await fillStoreStep();
    await choose('Shop category (optional)', 'Groceries');
    await person.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Success, Logging you in!')).toBeInTheDocument();
    const [creation] = creations(calls);
    const form = creation.body as FormData;
    const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
    expect(fields).toEqual({
      token: TOKEN,
      email: 'owner@demo.test',
      firstname: 'Siti',
      lastname: 'Hassan',
      password: 'secret123',
      password_confirmation: 'secret123',
      store_name: 'Kedai Siti',
      store_owner: 'Siti Hassan',
      store_email: 'kedai@demo.test',
      telephone: '0312345678',
      address: '2 Jalan Tun Razak',
      country: '129',
      state_or_region: '5',
      shop_category: '7',
    });
    expect((form.get('storeImage') as File).name).toBe('logo.png');
    expect(form.get('merchantImage')).toBeNull();
  });

  it('shows the merchant-creation failure the API reports', async () => {
    const { router } = renderApp(`/confirm/${TOKEN}`, [
      invite,
      ...lists,
      { method: 'POST', path: '/create-merchant', status: 422, body: { error: { code: 'merchant_creation_failed', message: 'x', key: 'errors:error.merchantCreationFailed' } } },
    ]);
    await fillMerchantStep();
    await fillStoreStep();
    await person.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Failed, Please contact our support')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/confirm/${TOKEN}`);
  });

  it('returns to the step of a field the API refuses and shows why', async () => {
    renderApp(`/confirm/${TOKEN}`, [
      invite,
      ...lists,
      {
        method: 'POST',
        path: '/create-merchant',
        status: 422,
        body: { error: { code: 'validation_failed', message: 'x', key: 'errors:error.validationFailed', details: { fields: { store_email: 'errors:register.storeEmailExists' } } } },
      },
    ]);
    await fillMerchantStep();
    await fillStoreStep();
    await person.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Store email' })).toHaveAccessibleDescription('Store email already exists'));
  });
});
