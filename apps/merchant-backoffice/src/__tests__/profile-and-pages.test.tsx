import { LOCALE_STORAGE_KEY } from '@merchant-hub/ui-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, FakeRoute } from './render-app';
import { renderApp, storeSession, user } from './render-app';

afterEach(() => window.localStorage.clear());

const person = userEvent.setup();
const signedIn: FakeRoute[] = [
  { path: '/user', body: { data: user } },
  { path: '/users/billing/all', status: 402, body: { error: { code: 'must_subscribe', message: 'x', key: 'errors:billing.mustSubscribe' } } },
];
const image = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });
const requests = (calls: Call[], method: string, path: string) => calls.filter((call) => call.method === method && call.url === `/api${path}`);
const photoInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no photo input');
  return input;
};

const openProfile = async (routes: FakeRoute[] = []) => {
  storeSession();
  // The profile also lists staff visits (its own tests are in staff-access.test.tsx): none here.
  const app = renderApp('/profile/personal', [...routes, { path: '/users/staff-access', body: { data: [] } }, ...signedIn]);
  await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Aisyah Rahman'));
  return app;
};

describe('personal profile', () => {
  it('shows the user read from the API, e-mail read-only', async () => {
    const { missingKeys } = await openProfile();
    expect(screen.getByRole('heading', { name: 'Personal profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+60123456789');
    expect(missingKeys).toEqual([]);
  });

  it('uploads a photo to the API', async () => {
    const { calls } = await openProfile([{ method: 'POST', path: `/users/${user.id}/avatar`, body: { data: { ...user, image_url: '/uploads/avatars/11.png' } } }]);
    await person.upload(photoInput(), image('me.png', 'image/png'));
    expect(await screen.findByText('Your photo has been updated.')).toBeInTheDocument();
    const [upload] = requests(calls, 'POST', `/users/${user.id}/avatar`);
    expect(((upload.body as FormData).get('image') as File).name).toBe('me.png');
  });

  it('shows the text of the key the API gives for a refused upload', async () => {
    await openProfile([
      { method: 'POST', path: `/users/${user.id}/avatar`, status: 413, body: { error: { code: 'payload_too_large', message: 'x', key: 'validation:image.tooLarge' } } },
    ]);
    await person.upload(photoInput(), image('me.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must smaller than 2MB!');
  });

  it('saves the edited name and phone', async () => {
    const saved = { ...user, name: 'Aisyah Binti Rahman', phone: '+60111222333' };
    const { calls } = await openProfile([{ method: 'PUT', path: `/users/${user.id}`, body: { data: saved } }]);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await person.clear(name);
    await person.type(name, '  Aisyah Binti Rahman ');
    await person.clear(phone);
    await person.type(phone, '+60111222333');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
    const [put] = requests(calls, 'PUT', `/users/${user.id}`);
    expect(put.body).toEqual({ name: 'Aisyah Binti Rahman', email: user.email, phone: '+60111222333' });
  });

  it('shows the API refusing the phone under the phone field', async () => {
    await openProfile([
      {
        method: 'PUT',
        path: `/users/${user.id}`,
        status: 409,
        body: { error: { code: 'phone_taken', message: 'x', key: 'errors:register.phoneExists', details: { fields: { phone: 'errors:register.phoneExists' } } } },
      },
    ]);
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone number already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Phone number already exists');
  });

  it.each([
    ['a GIF', image('me.gif', 'image/gif'), 'You can only upgrade JPG/PNG file!'],
    ['a 2 MB PNG', image('big.png', 'image/png', 2 * 1024 * 1024), 'Image must smaller than 2MB!'],
  ])('refuses %s before any upload', async (_label, file, text) => {
    const { calls } = await openProfile();
    expect(photoInput()).toHaveAttribute('accept', 'image/png,image/jpeg');
    // The picker's "All files" choice lets any file through `accept`, so the page checks the file itself.
    await userEvent.setup({ applyAccept: false }).upload(photoInput(), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(requests(calls, 'POST', `/users/${user.id}/avatar`)).toEqual([]);
  });
});

describe('session pages', () => {
  it('404 offers sign-in to a visitor', async () => {
    const { missingKeys } = renderApp('/session/404');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
    await waitFor(() => expect(document.title).toBe('Page not found · Merchant Hub'));
    expect(missingKeys).toEqual([]);
  });

  it('500 offers a retry and the way home', async () => {
    const { missingKeys } = renderApp('/session/500');
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    expect(missingKeys).toEqual([]);
  });

  it("500's Try again goes back to the page that failed, not /session/500 again", async () => {
    const { router } = renderApp('/session/500?from=%2Fterms-condition');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-condition'));
  });

  it.each([
    ['sg', 'Singapore', 'SGD'],
    ['TW', 'Taiwan', 'TWD'],
    ['ph', 'Philippines', 'PHP'],
    ['xx', 'Malaysia', 'MYR'],
  ])('terms for country=%s name %s and bill in %s', async (country, name, currency) => {
    renderApp(`/terms-condition?country=${country}`);
    expect(await screen.findByTestId('terms-intro')).toHaveTextContent(`These terms apply to merchants in ${name} who use Merchant Hub`);
    expect(screen.getByText(new RegExp(`billed monthly or yearly in ${currency} in advance`))).toBeInTheDocument();
  });

  it('switches the market of the terms', async () => {
    const { router } = renderApp('/terms-condition?country=my');
    await screen.findByTestId('terms-intro');
    await person.click(screen.getByText('Taiwan'));
    await waitFor(() => expect(router.state.location.search).toBe('?country=tw'));
    expect(screen.getByTestId('terms-intro')).toHaveTextContent('merchants in Taiwan');
  });

  it('names the markets in natural Malay', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'ms');
    const { missingKeys } = renderApp('/terms-condition?country=sg');
    expect(await screen.findByTestId('terms-intro')).toHaveTextContent('pedagang di Singapura');
    for (const market of ['Malaysia', 'Singapura', 'Filipina', 'Taiwan']) expect(screen.getByText(market)).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('billing not-found leads back to billing', async () => {
    storeSession();
    const { missingKeys } = renderApp('/profile/billing/not-found', signedIn);
    expect(await screen.findByRole('heading', { name: 'Billing page not found' })).toBeInTheDocument();
    expect(screen.getByText('We could not find this billing page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/home/dashboard');
    expect(missingKeys).toEqual([]);
  });
});
