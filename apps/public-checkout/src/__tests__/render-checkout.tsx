import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { type Call, type FakeRoute, installFakeApi } from '@merchant-hub/api-client/testing';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppShell } from '@merchant-hub/app-root';
import { CheckoutRoutes } from '../app/routes';
import { pageLocation } from '../checkout/page-location';
import { countries } from './checkout-fixtures';

export type { Call, FakeRoute } from '@merchant-hub/api-client/testing';
export { countries, myPackage, twPackage } from './checkout-fixtures';

const api = installFakeApi();

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message, ...(fields ? { details: { fields } } : {}) } },
});

export const countryRoutes: FakeRoute[] = [
  { path: '/countries', body: { data: countries } },
  { path: '/countries/208/states', body: { data: { states: [{ id: 1, name: 'Taipei City' }, { id: 2, name: 'Tainan City' }] } } },
  { path: '/countries/129/states', body: { data: { states: [{ id: 14, name: 'Selangor', translations: { zh: '雪兰莪', zhtw: '雪蘭莪', th: 'สลังงอร์' } }, { id: 15, name: 'Kuala Lumpur' }] } } },
  { path: '/countries/196/states', body: { data: { states: [] } } },
];

/**
 * Mounts the whole checkout on a memory router, the API faked by the shared handlers of
 * `@merchant-hub/api-client/testing` answering from `routes` (first match wins; an unknown call answers 404; each
 * checked against the API's response schemas). Every i18n key that resolves to nothing is collected in
 * `missingKeys`; every full-page move (site root, back office, bank) lands in `assigned` instead of leaving the
 * test page. `use` adds routes later, ahead of the first ones (an answer that changes while the page polls).
 */
export const renderCheckout = (path: string, routes: FakeRoute[] = [], options: { timeoutMs?: number } = {}) => {
  api.use(routes);
  const i18n = createAppI18n({ search: new URL(path, 'http://x.test').search });
  const missingKeys: string[] = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key) => missingKeys.push(`${ns}:${key}`);
  const assigned: string[] = [];
  vi.spyOn(pageLocation, 'assign').mockImplementation((url) => void assigned.push(url));
  vi.spyOn(pageLocation, 'replace').mockImplementation((url) => void assigned.push(url));
  const http = createHttpClient(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {});
  const queryClient = createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() });
  render(
    <AppShell i18n={i18n} httpClient={http} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <CheckoutRoutes />
      </MemoryRouter>
    </AppShell>,
  );
  return { calls: api.calls, use: api.use, missingKeys, assigned, i18n };
};

export const loginResult = {
  user: {
    id: 41,
    user_id: 41,
    email: 'buyer@shop.test',
    name: 'Aminah Ali',
    image: null,
    image_url: null,
    phone: null,
    roles: [{ name: 'main_user' }],
    inventory_users: { inventory_store_users: { store_id: 9 } },
  },
  access_token: 'token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  expires_in: 3600,
  message: 'Success, Logging you in!',
  role_names: ['main_user'],
  role_names_expires_in: 7200,
};

export const posted = (calls: Call[], path: string) => calls.filter((call) => call.method === 'POST' && call.url === `/api${path}`).map((call) => call.body);
export const requested = (calls: Call[], path: string) => calls.filter((call) => call.url.split('?')[0] === `/api${path}`);

export const choose = async (label: string | RegExp, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  // Mantine's dropdown stays display:none under jsdom, which runs no transitions; the option is there to pick.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};
