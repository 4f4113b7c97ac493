import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { LOCALE_STORAGE_KEY, createAppI18n } from '@merchant-hub/ui-kit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app-root';
import { routes } from '../routes';

afterEach(() => {
  window.localStorage.clear();
});

const renderApp = (path: string) => {
  const fetch = vi.fn(async () => new Response('{}', { status: 200 })) as unknown as typeof globalThis.fetch;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppRoot
      i18n={createAppI18n({ search: '' })}
      httpClient={createHttpClient({ fetch })}
      queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })}
      router={router}
    />,
  );
  return { router, fetch };
};

describe('merchant back office routes', () => {
  it('sends a visitor at the root to sign in', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Merchant Hub' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(document.title).toBe('Sign in · Merchant Hub');
  });

  it('answers an unknown path with a not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('switches language from the sign-in page and remembers it', async () => {
    renderApp('/signin');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Language' }));
    // The real providers animate the dropdown in, which jsdom never finishes; the option is there regardless.
    await userEvent.click(await screen.findByRole('option', { name: 'Bahasa Melayu', hidden: true }));
    expect(document.documentElement).toHaveAttribute('lang', 'ms-MY');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ms');
  });
});
