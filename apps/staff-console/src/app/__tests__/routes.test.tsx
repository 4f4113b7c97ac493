import { createHttpClient, createQueryClient } from '@merchant-hub/api-client';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { render, screen, waitFor } from '@testing-library/react';
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
  render(
    <AppRoot
      i18n={createAppI18n({ search: '' })}
      httpClient={createHttpClient({ fetch })}
      queryClient={createQueryClient({ onError: vi.fn(), onUnauthorized: vi.fn() })}
      router={createMemoryRouter(routes, { initialEntries: [path] })}
    />,
  );
};

describe('staff console routes', () => {
  it('shows the home page inside the staff top bar', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    expect(screen.getByText('Staff')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Staff console · Merchant Hub'));
  });

  it('answers an unknown path with not found inside the top bar', async () => {
    renderApp('/merchants/nope/extra');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByText('Staff')).toBeInTheDocument();
  });

  it('switches to dark mode from the top bar', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
