import { HttpClientProvider } from '@merchant-hub/api-client';
import type { HttpClient } from '@merchant-hub/api-client';
import { AppProviders } from '@merchant-hub/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

export type AppRootProps = {
  i18n: I18nInstance;
  httpClient: HttpClient;
  queryClient: QueryClient;
  router: DataRouter;
  /** Called once the first render is on the page (a prerendered page's takeover replays input then). */
  onMounted?: () => void;
};

/** Everything the screens rely on, outermost first; tests mount it with a memory router and a fake fetch. */
export const AppRoot = ({ i18n, httpClient, queryClient, router, onMounted }: AppRootProps) => {
  // Effects run children first: this one runs once the whole first render, the route's page included, is in.
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <I18nextProvider i18n={i18n}>
      <AppProviders>
        <HttpClientProvider client={httpClient}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </HttpClientProvider>
      </AppProviders>
    </I18nextProvider>
  );
};
