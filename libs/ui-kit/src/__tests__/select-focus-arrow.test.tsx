import { Select } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from './render';

// A keyboard user who reaches a searchable Select and presses ArrowDown, then Enter, before the page has run its
// timers (a busy page handles input before timers): the highlighted option is the one Enter picks.
describe('a searchable Select in the kit theme', () => {
  afterEach(() => vi.useRealTimers());

  it('picks with Enter the option ArrowDown highlighted right after the focus arrived, whatever timers run in between', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithTheme(<Select label="State" data={['Johor', 'Selangor']} onChange={onChange} searchable />);
    const field = screen.getByRole('combobox', { name: 'State' });
    act(() => field.focus());
    // Tab brought focus: the list stays closed until the keyboard asks for it.
    expect(field).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(field, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'Johor', hidden: true })).toHaveAttribute('data-combobox-selected');
    act(() => vi.runOnlyPendingTimers());
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('Johor', expect.objectContaining({ value: 'Johor' }));
  });
});
