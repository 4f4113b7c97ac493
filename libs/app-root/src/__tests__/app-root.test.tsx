import { createHttpClient, createQueryClient, useHttpClient } from '@merchant-hub/api-client';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot, AppShell, LazyPart, mountApp, startApp } from '../index';

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** A screen that needs every provider: translations, the HTTP client through react-query, the router. */
const Probe = () => {
  const { t } = useTranslation('common');
  const http = useHttpClient();
  const answer = useQuery({ queryKey: ['probe'], queryFn: () => http.get<{ ok: boolean }>('/probe') });
  return (
    <p>
      {t('action.retry')} · {answer.data?.ok ? 'answered' : 'waiting'}
    </p>
  );
};

describe('AppRoot', () => {
  it('gives a route translations, the HTTP client and react-query', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 })) as unknown as typeof globalThis.fetch;
    render(
      <AppRoot
        i18n={createAppI18n({ search: '' })}
        httpClient={createHttpClient({ fetch })}
        queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })}
        router={createMemoryRouter([{ path: '/', element: <Probe /> }])}
      />,
    );
    expect(await screen.findByText('Retry · answered')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/probe', expect.objectContaining({ method: 'GET' }));
  });
});

describe('AppShell', () => {
  it('says the first render is on the page only once its lazy parts are drawn too (the takeover waits for them)', async () => {
    let deliver: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    const Form = lazy(() => delivered.then(() => ({ default: () => <p>the form</p> })));
    const onMounted = vi.fn();
    render(
      <AppShell i18n={createAppI18n({ search: '' })} httpClient={createHttpClient()} queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })} onMounted={onMounted}>
        <h1>the page</h1>
        <LazyPart fallback={<p>loading</p>}>
          <Form />
        </LazyPart>
      </AppShell>,
    );
    expect(await screen.findByText('the page')).toBeInTheDocument();
    // The lazy part is waiting for its code: the shell has drawn all it can, and must not call itself mounted.
    expect(await screen.findByText('loading')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onMounted).not.toHaveBeenCalled();
    deliver();
    expect(await screen.findByText('the form')).toBeInTheDocument();
    await waitFor(() => expect(onMounted).toHaveBeenCalledTimes(1));
  });
});

/** An element appended to the body, for an app to render into. */
const bodyContainer = (): HTMLElement => {
  const container = document.createElement('div');
  document.body.append(container);
  return container;
};

describe('startApp', () => {
  it('renders the route under the base path into the container', async () => {
    window.history.replaceState(null, '', '/staff/hello');
    const container = bodyContainer();
    const { router } = startApp({ routes: [{ path: '/hello', element: <p>Hello route</p> }], basename: '/staff', signInUrl: '/signin', container });
    expect(await screen.findByText('Hello route')).toBeInTheDocument();
    expect(router.basename).toBe('/staff');
  });

  it('refuses to start without an element to render into', () => {
    expect(() => startApp({ routes: [], basename: '/', signInUrl: '/signin', container: null })).toThrow('#root');
  });
});

describe('mountApp', () => {
  it('renders a <BrowserRouter> app inside the providers, once the texts are in', async () => {
    window.history.replaceState(null, '', '/checkout/hello');
    const container = bodyContainer();
    const app = (
      <BrowserRouter basename="/checkout">
        <Routes>
          <Route path="/hello" element={<Probe />} />
        </Routes>
      </BrowserRouter>
    );
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    const { ready } = mountApp({ app, signInUrl: '/signin', container, namespaces: ['common'] });
    await ready;
    expect(await screen.findByText('Retry · answered')).toBeInTheDocument();
    fetch.mockRestore();
  });

  it("lets the page ask for its first answers before its texts are in, through the app's own clients", async () => {
    const container = bodyContainer();
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"answer":42}', { status: 200 }));
    const asked: string[] = [];
    const { queryClient, ready } = mountApp({
      app: <p>App</p>,
      signInUrl: '/signin',
      container,
      namespaces: ['common'],
      prefetch: (clients) => {
        void clients.queryClient.prefetchQuery({ queryKey: ['early'], queryFn: () => clients.httpClient.get('/early') });
        asked.push('early');
      },
    });
    // Asked at once, not after the texts.
    expect(asked).toEqual(['early']);
    await waitFor(() => expect(queryClient.getQueryData(['early'])).toEqual({ answer: 42 }));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/early');
    await ready;
    fetch.mockRestore();
  });

  it("reports a first query's failure in words once the texts are in, not as an empty message", async () => {
    const container = bodyContainer();
    // Fails at once, before the texts are in: no request, so no wait in the HTTP client's `beforeFailing`.
    const { ready } = mountApp({
      app: <p>App</p>,
      signInUrl: '/signin',
      container,
      namespaces: ['common'],
      prefetch: ({ queryClient }) => void queryClient.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('offline')), retry: false }),
    });
    await ready;
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent?.trim()).not.toBe(''));
  });

  it('refuses to start without an element to render into', () => {
    expect(() => mountApp({ app: null, signInUrl: '/signin', container: null })).toThrow('#root');
  });
});
