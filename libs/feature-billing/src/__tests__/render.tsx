import { MantineProvider } from '@mantine/core';
import { HttpClientProvider, createHttpClient } from '@merchant-hub/api-client';
import { type FakeRoute, installFakeApi } from '@merchant-hub/api-client/testing';
import { createI18n } from '@merchant-hub/i18n';
import { theme } from '@merchant-hub/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';

export type Route = FakeRoute;

// The API, faked by the shared handlers of the API client: each route checked against the API's response schemas.
const api = installFakeApi();

export const renderFeature = (ui: ReactElement, options: { routes?: Route[]; path?: string; lng?: string } = {}) => {
  const i18n = createI18n({ lng: options.lng ?? 'en', plugins: [initReactI18next] });
  const calls = api.use(options.routes ?? []);
  const http = createHttpClient();
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
