import { MantineProvider } from '@mantine/core';
import { createI18n } from '@merchant-hub/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes, createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage, RouteError, RouteErrorBoundary } from '../route-states';
import { theme } from '../theme';

const renderRoutes = (initialPath: string, crash: () => never) => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/broken', errorElement: <RouteError />, Component: () => crash() },
      { path: '*', Component: NotFoundPage },
    ],
    { initialEntries: [initialPath] },
  );
  render(
    <I18nextProvider i18n={createI18n({ lng: 'en' })}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
};

const neverCalled = (): never => {
  throw new Error('not rendered');
};

describe('NotFoundPage', () => {
  it('says the page is missing, names the tab and links home', async () => {
    const router = renderRoutes('/no/such/page', neverCalled);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Merchant Hub'));
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });
});

describe('RouteError', () => {
  it('shows a retryable error when a route throws', async () => {
    renderRoutes('/broken', () => {
      throw new Error('render bug');
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('RouteErrorBoundary', () => {
  const Broken = (): never => {
    throw new Error('render bug');
  };

  it('shows the retryable error of a route that throws, and draws again once another page is opened', async () => {
    render(
      <I18nextProvider i18n={createI18n({ lng: 'en' })}>
        <MantineProvider theme={theme} env="test">
          <MemoryRouter initialEntries={['/broken']}>
            <Link to="/">Go home</Link>
            <RouteErrorBoundary>
              <Routes>
                <Route path="/" element={<p>Home</p>} />
                <Route path="/broken" element={<Broken />} />
              </Routes>
            </RouteErrorBoundary>
          </MemoryRouter>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
