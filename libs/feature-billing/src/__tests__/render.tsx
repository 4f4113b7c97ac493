import { MantineProvider } from '@mantine/core';
import { HttpClientProvider, createHttpClient } from '@merchant-hub/api-client';
import { createI18n } from '@merchant-hub/i18n';
import { theme } from '@merchant-hub/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

export type Route = { method: string; path: string; status?: number; body: unknown };

/** A fetch answering by method and path; unknown calls fail loudly so a test sees what the screen asked. */
export const routedFetch = (routes: Route[]) => {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://test');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path: path + url.search, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) return new Response(JSON.stringify({ error: { code: 'not_found', message: `No route ${method} ${path}` } }), { status: 404 });
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

export const renderFeature = (ui: ReactElement, options: { routes?: Route[]; path?: string; lng?: string } = {}) => {
  const i18n = createI18n({ lng: options.lng ?? 'en', plugins: [initReactI18next] });
  const { fetch, calls } = routedFetch(options.routes ?? []);
  const http = createHttpClient({ fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <HttpClientProvider client={http}>
          <MantineProvider theme={theme} env="test">
            <MemoryRouter initialEntries={[options.path ?? '/home/dashboard']}>{ui}</MemoryRouter>
          </MantineProvider>
        </HttpClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, calls, queryClient };
};
