import { AppShell } from '@merchant-hub/app-root';
import { checkoutKeys, createHttpClient, createQueryClient, queryKeys } from '@merchant-hub/api-client';
import { installFakeApi } from '@merchant-hub/api-client/testing';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchPage } from '../app/routes';
import { CheckoutSummary } from '../checkout/checkout-summary';
import { SESSION_STORAGE_KEY } from '../checkout/session';
import { countries, myPackage } from './checkout-fixtures';

const api = installFakeApi();


const clients = () => ({ httpClient: createHttpClient(), queryClient: createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() }) });
const askedFor = (queryClient: ReturnType<typeof clients>['queryClient']) => queryClient.getQueryCache().getAll().map((query) => JSON.stringify(query.queryKey));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('prefetchPage: a checkout asks for what it draws first before its code is in (issue 30)', () => {
  it('asks for the plan, the countries and the card gateway on the card checkout, and keeps their answers', async () => {
    api.use([
      { path: '/packages/7', body: { data: myPackage } },
      { path: '/countries', body: { data: countries } },
      { path: '/checkout/config', body: { gateway: 'sandbox' } },
    ]);
    const { httpClient, queryClient } = clients();
    prefetchPage('/subscribe-payment/7', { httpClient, queryClient });
    expect(askedFor(queryClient).sort()).toEqual([checkoutKeys.config, checkoutKeys.package(7), queryKeys.countries.lists()].map((key) => JSON.stringify(key)).sort());
    await waitFor(() => expect(queryClient.getQueryData(checkoutKeys.package(7))).toMatchObject({ id: 7, currency: 'MYR' }));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.countries.lists())).toEqual(countries));
    await waitFor(() => expect(queryClient.getQueryData(checkoutKeys.config)).toEqual({ gateway: 'sandbox' }));
  });

  it('asks for no card gateway on the bank (FPX) form, nor on the gateway checkout', () => {
    api.use([{ path: '/packages/7', body: { data: myPackage } }, { path: '/countries', body: { data: countries } }]);
    window.history.replaceState(null, '', '/subscribe-payment/7?type=fpx');
    const fpx = clients();
    prefetchPage('/subscribe-payment/7', fpx);
    expect(askedFor(fpx.queryClient)).not.toContain(JSON.stringify(checkoutKeys.config));
    const gateway = clients();
    prefetchPage('/subscribe/7', gateway);
    expect(askedFor(gateway.queryClient).sort()).toEqual([checkoutKeys.package(7), queryKeys.countries.lists()].map((key) => JSON.stringify(key)).sort());
  });

  it('asks for nothing on a broken link, another page, or for a visitor with a session (sent to billing)', () => {
    for (const path of ['/subscribe-payment/abc', '/subscribe-payment-result/tok', '/']) {
      const { httpClient, queryClient } = clients();
      prefetchPage(path, { httpClient, queryClient });
      expect(askedFor(queryClient)).toEqual([]);
    }
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId: 1, email: 'a@b.test', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    const { httpClient, queryClient } = clients();
    prefetchPage('/subscribe-payment/7', { httpClient, queryClient });
    expect(askedFor(queryClient)).toEqual([]);
    window.localStorage.clear();
  });

  it('draws no plan in the summary’s first render even when the plan is in, as the prerendered page it hydrates; then the plan', async () => {
    const { httpClient, queryClient } = clients();
    queryClient.setQueryData(checkoutKeys.package(7), myPackage);
    const i18n = createAppI18n({ search: '?locale=en' });
    const page = (
      <AppShell i18n={i18n} httpClient={httpClient} queryClient={queryClient}>
        <CheckoutSummary packageId={7} purchasedAt={new Date('2026-11-28T00:00:00Z')} />
      </AppShell>
    );
    // The first render alone, as hydration compares it with the markup.
    expect(renderToString(page)).not.toContain('Starter');
    render(page);
    expect(await screen.findByText(/Starter/)).toBeInTheDocument();
  });
});
