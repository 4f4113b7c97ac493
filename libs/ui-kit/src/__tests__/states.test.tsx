import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../empty-state';
import { ErrorState } from '../error-state';
import { PageLoader } from '../page-loader';
import { renderWithTheme } from './render';

describe('PageLoader', () => {
  it('announces itself as a status with its label', () => {
    renderWithTheme(<PageLoader label="Loading billing" />);
    expect(screen.getByRole('status', { name: 'Loading billing' })).toBeInTheDocument();
    expect(screen.queryByText('Loading billing')).not.toBeInTheDocument();
  });

  it('shows the label when asked', () => {
    renderWithTheme(<PageLoader label="Checking your payment" showLabel />);
    expect(screen.getByText('Checking your payment')).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows title, description and the way out', async () => {
    const onClick = vi.fn();
    renderWithTheme(
      <EmptyState title="No invoices yet" description="Invoices appear after your first payment." action={<Button onClick={onClick}>Choose a plan</Button>} />,
    );
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    expect(screen.getByText('Invoices appear after your first payment.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorState', () => {
  it('is an alert that retries on request', async () => {
    const onRetry = vi.fn();
    renderWithTheme(<ErrorState title="Could not load billing" description="Network error" onRetry={onRetry} retryLabel="Try again" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load billing');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry button without a retry handler', () => {
    renderWithTheme(<ErrorState title="Page not found" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
