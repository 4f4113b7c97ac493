import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeferredSelect } from '../deferred/deferred-select';
import { renderWithTheme } from './render';
import { findDrawnSelect } from './select-gate';

// The Select's code arrives only when the test says so: a slow network between the focus and the download.
const gate = await vi.hoisted(async () => (await import('./select-gate')).createGate());
vi.mock('../deferred/select.part', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

describe('DeferredSelect before its code is in', () => {
  it('keeps an arrow key pressed on the stand-in field: the list opens on the first option when the Select arrives, and Enter picks it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithTheme(<DeferredSelect label="State" data={['Johor', 'Selangor']} onChange={onChange} searchable />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    gate.open();
    const select = await findDrawnSelect('State');
    await waitFor(() => expect(select).toHaveFocus());
    const first = await screen.findByRole('option', { name: 'Johor' });
    await waitFor(() => expect(first).toHaveAttribute('data-combobox-selected'));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Johor', expect.objectContaining({ value: 'Johor' }));
  });
});
