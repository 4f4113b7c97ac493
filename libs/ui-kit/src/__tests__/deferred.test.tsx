import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredModal } from '../deferred/deferred-modal';
import { DeferredSelect, selectedLabel } from '../deferred/deferred-select';
import { renderWithTheme } from './render';
import { findDrawnSelect } from './select-gate';

// Counts the downloads of the Select's code.
const selectPartImported = vi.hoisted(() => ({ count: 0 }));
vi.mock('../deferred/select.part', async (importOriginal) => {
  selectPartImported.count += 1;
  return importOriginal();
});

const countries = [
  { value: 'MY', label: 'Malaysia' },
  { value: 'SG', label: 'Singapore' },
];

describe('selectedLabel', () => {
  it('reads the label of strings, items and grouped items, and nothing for no value', () => {
    expect(selectedLabel(['Selangor', 'Johor'], 'Johor')).toBe('Johor');
    expect(selectedLabel(countries, 'SG')).toBe('Singapore');
    expect(selectedLabel([{ group: 'Asia', items: countries }], 'MY')).toBe('Malaysia');
    expect(selectedLabel(countries, null)).toBe('');
    expect(selectedLabel(countries, 'TW')).toBe('');
  });
});

// The Select's module is loaded once per test file: the first test sees the field before the code is in.
describe('DeferredSelect', () => {
  it('draws the chosen option as a read-only closed combobox, fetches the code after the paint but draws the Select only once the field is reached', async () => {
    const user = userEvent.setup();
    renderWithTheme(<DeferredSelect label="Country" data={countries} defaultValue="MY" searchable data-path="country" />);
    const field = screen.getByRole('combobox', { name: 'Country' });
    expect(field).toHaveValue('Malaysia');
    expect(field).toHaveAttribute('readonly');
    // Found by its form as the Select is (Mantine form's `data-path`).
    expect(field).toHaveAttribute('data-path', 'country');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    // The code is in (asked for after the paint, issue 30); the stand-in stays until the buyer gets there.
    await waitFor(() => expect(selectPartImported.count).toBe(1));
    await act(() => import('../deferred/select.part'));
    expect(screen.getByRole('combobox', { name: 'Country' })).toBe(field);
    await user.click(field);
    const select = await findDrawnSelect('Country');
    expect(select).toHaveValue('Malaysia');
    await waitFor(() => expect(select).toHaveFocus());
    expect(field).not.toBeInTheDocument();
  });

  it('renders the Select at once when its code is already in', () => {
    renderWithTheme(<DeferredSelect label="State" data={['Johor']} value="Johor" onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Johor');
  });
});

const PaymentFailed = () => {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Pay
      </button>
      <DeferredModal opened={opened} onClose={() => setOpened(false)} title="Payment Failed">
        Try another card.
      </DeferredModal>
    </>
  );
};

describe('DeferredModal', () => {
  it('draws nothing while closed and the dialog once opened', async () => {
    renderWithTheme(<PaymentFailed />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('dialog', { name: 'Payment Failed' })).toHaveTextContent('Try another card.');
  });
});
