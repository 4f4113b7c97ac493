import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from '../confirm-modal';
import { renderWithTheme } from './render';

const baseProps = {
  title: 'Cancel the scheduled plan?',
  confirmLabel: 'Yes, cancel',
  cancelLabel: 'Keep it',
};

describe('ConfirmModal', () => {
  it('shows the question and calls onConfirm from the confirm button', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithTheme(
      <ConfirmModal {...baseProps} opened onConfirm={onConfirm} onCancel={onCancel}>
        Your plan stays as it is.
      </ConfirmModal>,
    );
    expect(await screen.findByText('Cancel the scheduled plan?')).toBeInTheDocument();
    expect(screen.getByText('Your plan stays as it is.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('calls onCancel from the cancel button', async () => {
    const onCancel = vi.fn();
    renderWithTheme(
      <ConfirmModal {...baseProps} opened onConfirm={vi.fn()} onCancel={onCancel}>
        Sure?
      </ConfirmModal>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('locks the cancel button while the action runs', async () => {
    renderWithTheme(
      <ConfirmModal {...baseProps} opened loading onConfirm={vi.fn()} onCancel={vi.fn()}>
        Sure?
      </ConfirmModal>,
    );
    expect(await screen.findByRole('button', { name: 'Keep it' })).toBeDisabled();
  });

  it('renders nothing when closed', () => {
    renderWithTheme(
      <ConfirmModal {...baseProps} opened={false} onConfirm={vi.fn()} onCancel={vi.fn()}>
        Sure?
      </ConfirmModal>,
    );
    expect(screen.queryByText('Cancel the scheduled plan?')).not.toBeInTheDocument();
  });
});
