import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { detail, failedRenewal, renderConsole, staffMe, type FakeRoute } from './render-console';

// Whole screens with lazy routes and typing: slower than the 20 s default on a loaded 2-core machine.
vi.setConfig({ testTimeout: 40_000 });

const paid = {
  id: 'in_5',
  number: 'INV-0005',
  currency: 'SGD',
  total_minor: 4900,
  paid_minor: 4900,
  refunded_minor: 0,
  refundable_minor: 4900,
  method: 'card',
  paid_at: 1_780_000_000,
  credit_notes: [],
  pending_approval: 0,
};

const fakes = (extra: FakeRoute[] = []): FakeRoute[] => [
  ...extra,
  { path: '/staff/me', body: staffMe },
  { path: '/staff/merchants/21', body: detail() },
  { path: '/staff/merchants/21/timeline', body: { data: [failedRenewal], next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
];

describe('refunds in the staff console', () => {
  it('refunds half of a paid invoice: reason required, preview of what is left, commit with the preview token and one key', async () => {
    const preview = { preview_token: 'rpt_1', invoice_number: 'INV-0005', currency: 'SGD', paid_minor: 4900, refunded_minor: 0, refundable_minor: 4900, amount_minor: 2450, method: 'card', requires_approval: false, approval_threshold_minor: 20000, window_total_minor: 2450, approval_window_hours: 24 };
    const { calls, missingKeys } = renderConsole(
      '/merchants/21',
      fakes([
        { path: '/staff/merchants/21/refundable-invoices', body: { data: [paid] } },
        { method: 'POST', path: '/staff/invoices/in_5/refunds/preview', body: preview },
        { method: 'POST', path: '/staff/invoices/in_5/refunds', status: 201, body: { refund: { id: 'rf_1', status: 'succeeded', credit_note_number: 'CN-INV-0005-1', amount_minor: 2450, currency: 'SGD' } } },
      ]),
    );
    const panel = await screen.findByTestId('refunds-panel');
    expect(await within(panel).findByText('INV-0005')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Refund invoice INV-0005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund invoice INV-0005' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount to refund \(SGD\)/ }), '24.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters)')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/staff/invoices/in_5/refunds/preview')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Charged twice, ticket 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const shown = await within(dialog).findByTestId('refund-preview');
    expect(shown).toHaveTextContent('S$49.00');
    expect(shown).toHaveTextContent('Card');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Refund S$24.50' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/invoices/in_5/refunds').length).toBeGreaterThan(0));
    const commits = calls.filter((call) => call.url === '/api/staff/invoices/in_5/refunds');
    expect(commits[0]?.body).toEqual({ amount_minor: 2450, reason: 'Charged twice, ticket 42', preview_token: 'rpt_1' });
    expect(new Set(commits.map((call) => call.headers['idempotency-key'])).size).toBe(1);
    expect(await screen.findByText('Refunded: credit note CN-INV-0005-1')).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('lists refunds waiting for approval (not approvable by the requester) and payment notices to review', async () => {
    const { calls } = renderConsole('/approvals', [
      { path: '/staff/me', body: staffMe },
      { path: '/staff/approvals', body: { data: [] } },
      {
        path: '/staff/refund-approvals',
        body: { data: [{ id: 'rf_9', invoice_id: 'in_5', merchant_id: 7, amount_minor: 60000, currency: 'SGD', method: 'card', reason: 'Large goodwill refund', requested_by: 1, created: 1_780_000_000 }] },
      },
      {
        path: '/staff/gateway-notices',
        body: {
          data: [
            { id: 3, gateway: 'ecpay', kind: 'notification_refused', reason: 'amount_mismatch', reference: 'MH123', merchant_id: null, merchant_user_id: null, invoice_id: null, amount: 135500, currency: 'TWD', details: {}, repeats: 2, received_at: '2026-06-01T00:00:00.000Z', last_received_at: '2026-06-01T00:00:00.000Z', reviewed_at: null },
          ],
          open_count: 1,
        },
      },
      { method: 'POST', path: '/staff/gateway-notices/3/review', body: { ok: true } },
    ]);
    const refund = await screen.findByTestId('refund-approval');
    expect(within(refund).getByText('Refund S$600.00 (Card)')).toBeInTheDocument();
    expect(within(refund).getByRole('button', { name: 'Approve' })).toBeDisabled();
    const notice = await screen.findByTestId('gateway-notice');
    expect(within(notice).getByText('ECPay notification refused')).toBeInTheDocument();
    expect(within(notice).getByText('The amount does not match the order')).toBeInTheDocument();
    expect(within(notice).getByText(/Received 2 times/)).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Mark reviewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this payment notice reviewed' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked ECPay about the order');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/gateway-notices/3/review')).toHaveLength(1));
  });
});
