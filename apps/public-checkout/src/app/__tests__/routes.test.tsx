import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { installFakeApi } from '@merchant-hub/api-client/testing';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '@merchant-hub/app-root';
import { pageLocation } from '../../checkout/page-location';
import { BILLING_PATH, SESSION_STORAGE_KEY } from '../../checkout/session';
import { CheckoutRoutes } from '../routes';

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

// No route: every call answers the API's 404, the steps' headings show all the same.
const api = installFakeApi();

const renderApp = (path: string) => {
  api.use([]);
  render(
    <AppShell
      i18n={createAppI18n({ search: new URL(path, 'http://x.test').search })}
      httpClient={createHttpClient()}
      queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })}
    >
      <MemoryRouter initialEntries={[path]}>
        <CheckoutRoutes />
      </MemoryRouter>
    </AppShell>,
  );
};

describe('public checkout routes', () => {
  it.each([
    ['/subscribe/12', 'Checkout'],
    ['/subscribe/12/tw', 'Checkout'],
    ['/subscribe-payment/7', 'Payment Details'],
    ['/subscribe-payment/7?type=fpx', 'Payment Details'],
    ['/subscribe-payment-result/tok_abc', 'Payment result'],
  ])('%s shows the %s step with the product link', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Merchant Hub' })).toHaveAttribute('href', '/');
    // The title is set in an effect after the heading renders; under load the check can run in between.
    await waitFor(() => expect(document.title).toBe(`${title} · Merchant Hub`));
  });

  it('answers a package id that is not a number with not found', async () => {
    renderApp('/subscribe/abc');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('sends a visitor who is signed in to billing in the back office', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ expiresAt: new Date(Date.now() + 60_000).toISOString() }));
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => undefined);
    renderApp('/subscribe-payment/7');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(BILLING_PATH));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('opens in the language the link asks for', async () => {
    renderApp('/subscribe-payment/7?locale=zh-TW');
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement).toHaveAttribute('lang', 'zh-TW');
  });
});
