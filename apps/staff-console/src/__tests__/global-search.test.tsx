import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffSearchResult } from '@merchant-hub/validation';
import { describe, expect, it, vi } from 'vitest';
import { detail, renderConsole, row, staffMe } from './render-console';

// Issue 27, capability 1: the console's global search, keyboard first, on every page.
vi.setConfig({ testTimeout: 40_000 });

const result = (overrides: Partial<StaffSearchResult>): StaffSearchResult => ({ kind: 'store', user_id: 21, merchant_name: 'Lion City Goods', match: 'Lion City Goods Orchard', invoice_id: null, amount_minor: null, currency: null, status: 'active', ...overrides });
const results = [
  result({ kind: 'invoice', match: 'MH-000005', invoice_id: 'in_5', amount_minor: 4900, currency: 'SGD', status: 'open' }),
  result({ kind: 'card', user_id: 22, merchant_name: 'Kedai Aisyah', match: 'visa •••• 4242', invoice_id: null, amount_minor: 9900, currency: 'MYR', status: 'succeeded' }),
  result({ kind: 'email', user_id: 23, merchant_name: 'Tea House', match: 'owner@tea.test' }),
];
const fakes = [
  { path: '/staff/me', body: staffMe },
  { path: '/staff/search', query: { q: 'zzz' }, body: { results: [] } },
  { path: '/staff/search', query: { q: 'a\u0001' }, status: 400, body: { error: { code: 'validation_failed', message: 'Invalid', details: { fields: { q: 'validation:common.controlCharacters' } } } } },
  { path: '/staff/search', body: { results } },
  { path: '/staff/merchants/attention-counts', body: { past_due: 1, failed_payments_7d: 0, grace_ending_7d: 0, total: 1 } },
  { path: '/staff/merchants', body: { data: [row()], next_cursor: null } },
  { path: '/staff/merchants/21', body: detail() },
  { path: '/staff/merchants/21/timeline', body: { data: [], next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
  { path: '/staff/merchants/22', body: detail() },
  { path: '/staff/merchants/22/timeline', body: { data: [], next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/22/visits', body: { ok: true } },
];

const combobox = () => screen.findByRole('combobox', { name: 'Search invoices, payments and merchants' });

describe('global search', () => {
  it('is focused by / from the page (not while typing in a field), lists results grouped by kind, arrows move and Enter opens', async () => {
    const { router, calls, missingKeys } = renderConsole('/merchants', fakes);
    const input = await combobox();
    await screen.findByRole('table');
    expect(input).not.toHaveFocus();
    await userEvent.keyboard('/');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
    await userEvent.type(input, 'MH-000005');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByText('MH-000005');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby') as string)?.textContent)).toEqual(['Invoices', 'Card payments', 'E-mail']);
    expect(within(list).getByText('S$49.00')).toBeInTheDocument();
    expect(within(list).getByText(/^RM\s?99\.00$/)).toBeInTheDocument();
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(3);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2].id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/22'));
    expect(calls.some((call) => call.path === '/staff/search?q=MH-000005' || call.url.endsWith('/staff/search?q=MH-000005'))).toBe(true);
    expect(missingKeys).toEqual([]);
  });

  it('opens the merchant’s invoices for an invoice result; / typed inside a text field stays text', async () => {
    const { router } = renderConsole('/merchants/21', fakes);
    const input = await combobox();
    await userEvent.type(input, 'a/b');
    expect(input).toHaveValue('a/b');
    const list = await screen.findByRole('listbox');
    await userEvent.click(await within(list).findByText('MH-000005'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/21/billing'));
  });

  it('Escape closes the list, a second Escape clears the text; nothing found and a refused text are said', async () => {
    renderConsole('/merchants', fakes);
    const input = await combobox();
    await userEvent.type(input, 'zzz');
    const list = await screen.findByRole('listbox');
    await within(list).findByText('Nothing found for “zzz”');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('zzz');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
    await userEvent.type(input, 'a\u0001');
    expect(await within(list).findByRole('alert')).toHaveTextContent('Please remove the invisible control characters from this text');
  });
});
