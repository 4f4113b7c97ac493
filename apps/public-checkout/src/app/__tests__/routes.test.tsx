import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '@merchant-hub/app-root';
import { routes } from '../routes';

afterEach(() => {
  window.localStorage.clear();
});

const renderApp = (path: string) => {
  const fetch = vi.fn(async () => new Response('{}', { status: 200 })) as unknown as typeof globalThis.fetch;
  render(
    <AppRoot
      i18n={createAppI18n({ search: new URL(path, 'http://x.test').search })}
      httpClient={createHttpClient({ fetch })}
      queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })}
      router={createMemoryRouter(routes, { initialEntries: [path] })}
    />,
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

  it('opens in the language the link asks for', async () => {
    renderApp('/subscribe-payment/7?locale=zh-TW');
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement).toHaveAttribute('lang', 'zh-TW');
  });
});
