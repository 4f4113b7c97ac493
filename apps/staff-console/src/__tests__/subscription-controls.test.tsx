import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionControlPreview } from '@merchant-hub/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlsFor } from '../pages/merchant.page';
import { detail, type FakeRoute, renderConsole, staffMe } from './render-console';

// Issue 27 capability 3: subscription controls on the merchant page, each previewed, then committed with the
// preview's token, a reason and one idempotency key.
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => window.localStorage.clear());

const reason = 'Ticket 9120';
const base: SubscriptionControlPreview = {
  preview_token: 'sct_1',
  control: 'cancel-now',
  currency: 'SGD',
  plan: { name: 'Growth', period: 'monthly' },
  status: { before: 'past_due', after: 'past_due' },
  ends_at: { before: null, after: null },
  period_end: { before: 1_790_000_000, after: 1_790_000_000 },
  next_retry_at: { before: 1_780_086_400, after: 1_780_086_400 },
  credit_minor: 0,
  credit_note: false,
  balance_before_minor: 1500,
  balance_after_minor: 1500,
  voided_invoices: [],
  reopened_invoices: [],
  cancels_ecpay_agreement: false,
  requires_approval: false,
  approval_threshold_minor: 20_000,
  window_total_minor: 0,
  approval_window_hours: 24,
};

const pastDue = detail().subscription;
if (!pastDue) throw new Error('the fixture has a plan');
const active = { ...pastDue, status: 'active' };

const fakes = (extra: FakeRoute[], subscription = detail().subscription): FakeRoute[] => [
  ...extra,
  { path: '/staff/me', body: staffMe },
  { path: '/staff/merchants/21', body: detail({ subscription }) },
  { path: '/staff/merchants/21/timeline', body: { data: [], next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
];

const openControl = async (name: string) => {
  await userEvent.click(await screen.findByRole('button', { name: 'Subscription' }));
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
};

describe('subscription controls on the merchant page', () => {
  it('offers the controls that fit the plan', () => {
    const plan = pastDue;
    expect(controlsFor({ ...plan, status: 'past_due' })).toEqual(['cancel-now', 'extend-grace', 'comp-month']);
    expect(controlsFor({ ...plan, status: 'active' })).toEqual(['cancel-now', 'cancel-at-period-end', 'billing-day', 'comp-month']);
    expect(controlsFor({ ...plan, status: 'active', ends_at: 1_790_000_000 })).toEqual(['cancel-now', 'comp-month']);
    expect(controlsFor(null)).toEqual(['reinstate']);
  });

  it('extends a past-due plan’s grace: fields checked, previewed as now → after, committed with the token and one key', async () => {
    const preview = { ...base, control: 'extend-grace' as const, next_retry_at: { before: 1_780_086_400, after: 1_780_691_200 } };
    const { calls, missingKeys } = renderConsole(
      '/merchants/21',
      fakes([
        { method: 'POST', path: '/staff/merchants/21/subscription/extend-grace/preview', body: preview },
        { method: 'POST', path: '/staff/merchants/21/subscription/extend-grace', body: { control: 'extend-grace', credit: null } },
      ]),
    );
    await openControl('Extend grace period');
    const dialog = await screen.findByRole('dialog', { name: 'Extend the grace period' });
    const days = within(dialog).getByRole('textbox', { name: /Days to add/ });
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview the change' }));
    expect(await within(dialog).findByText('Enter a whole number of days from 1 to 30.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters)')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/extend-grace/preview'))).toHaveLength(0);
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview the change' }));
    const shown = await within(dialog).findByTestId('subscription-preview');
    const row = within(shown).getByRole('row', { name: /Next payment attempt/ });
    expect(row).toHaveTextContent('/2026');
    expect(within(shown).queryByRole('row', { name: /Status/ })).toBeNull();
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Extend the grace period' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/merchants/21/subscription/extend-grace').length).toBeGreaterThan(0));
    const commits = calls.filter((call) => call.url === '/api/staff/merchants/21/subscription/extend-grace');
    expect(commits[0]?.body).toEqual({ days: 7, reason, preview_token: 'sct_1' });
    expect(new Set(commits.map((call) => call.headers['idempotency-key'])).size).toBe(1);
    expect(await screen.findByText('Done: Extend grace period')).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('cancels now with prorated credit held for approval, and says so before committing', async () => {
    const preview = {
      ...base,
      status: { before: 'active', after: 'canceled' },
      ends_at: { before: null, after: 1_780_000_000 },
      credit_minor: 3_000,
      balance_after_minor: 4_500,
      voided_invoices: [{ id: 'in_9', number: 'INV-0009', amount_due_minor: 4900 }],
      requires_approval: true,
      window_total_minor: 23_000,
    };
    const { calls } = renderConsole(
      '/merchants/21',
      fakes(
        [
          { method: 'POST', path: '/staff/merchants/21/subscription/cancel-now/preview', body: preview },
          { method: 'POST', path: '/staff/merchants/21/subscription/cancel-now', body: { control: 'cancel-now', credit: { adjustment_id: 'cadj_1', status: 'pending_approval', amount_minor: 3000, credit_note_number: null } } },
        ],
        active,
      ),
    );
    await openControl('Cancel now');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the plan now' });
    expect(within(dialog).getByRole('checkbox', { name: /Give credit for the unused time/ })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview the change' }));
    const shown = await within(dialog).findByTestId('subscription-preview');
    expect(within(shown).getByRole('row', { name: /Status/ })).toHaveTextContent('ActiveCancelled');
    expect(within(shown).getByRole('row', { name: /Credit balance/ })).toHaveTextContent('S$15.00S$45.00');
    expect(within(shown).getByRole('row', { name: /Credit to the balance/ })).toHaveTextContent('+S$30.00');
    expect(shown).toHaveTextContent('INV-0009 · S$49.00');
    expect(shown).toHaveTextContent('The credit waits for a second staff member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the plan now' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/staff/merchants/21/subscription/cancel-now')).toBe(true));
    expect(calls.find((call) => call.url === '/api/staff/merchants/21/subscription/cancel-now')?.body).toEqual({ prorated_credit: true, reason, preview_token: 'sct_1' });
    expect(await screen.findByText('Done: Cancel now The credit waits for another staff member to approve it.')).toBeInTheDocument();
  });

  it('drops a stale preview and shows why, so the new figures are previewed before anything changes', async () => {
    const { calls } = renderConsole(
      '/merchants/21',
      fakes([
        { method: 'POST', path: '/staff/merchants/21/subscription/comp-month/preview', body: { ...base, control: 'comp-month', credit_minor: 4900, credit_note: true, balance_after_minor: 6400 } },
        { method: 'POST', path: '/staff/merchants/21/subscription/comp-month', status: 409, body: { error: { code: 'stale_preview', message: 'The account changed since the preview. Preview again before you confirm.', key: 'errors:staff.stalePreview' } } },
      ]),
    );
    await openControl('Give a free month');
    const dialog = await screen.findByRole('dialog', { name: 'Give a free month' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview the change' }));
    expect(within(await within(dialog).findByTestId('subscription-preview')).getByRole('row', { name: /Credit note for one free month/ })).toHaveTextContent('+S$49.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account changed since the preview. Preview again before you confirm.');
    expect(within(dialog).queryByTestId('subscription-preview')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Preview the change' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/comp-month'))).toHaveLength(1);
  });
});
