import { createI18n } from '@merchant-hub/i18n';
import { screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../route-states';
import { renderWithTheme } from './render';

// The error view's own code cannot be fetched (offline, a deploy removed it).
vi.mock('../route-error-view', () => {
  throw new Error('network error');
});

describe('RouteErrorBoundary without its error view', () => {
  it('still says what failed and offers a retry', async () => {
    const Broken = (): never => {
      throw new Error('render bug');
    };
    renderWithTheme(
      <I18nextProvider i18n={createI18n({ lng: 'en' })}>
        <MemoryRouter initialEntries={['/broken']}>
          <RouteErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
