import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeferredSelect } from '../deferred/deferred-select';
import { renderWithTheme } from './render';
import { findDrawnSelect } from './select-gate';

// The Select's code arrives only when the test says so (as in deferred-select-keys), after a click.
const gate = await vi.hoisted(async () => (await import('./select-gate')).createGate());
vi.mock('../deferred/select.part', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

describe('DeferredSelect clicked before its code is in', () => {
  it('arrives with its list open, as the click asked (focus alone opens nothing), and the arrows start from the first option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithTheme(<DeferredSelect label="State" data={['Johor', 'Selangor']} onChange={onChange} searchable />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    gate.open();
    const select = await findDrawnSelect('State');
    await waitFor(() => expect(select).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(select).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Johor' })).toHaveAttribute('data-combobox-selected');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Johor', expect.objectContaining({ value: 'Johor' }));
  });
});
