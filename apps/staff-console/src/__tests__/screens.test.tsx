import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '../app/leave-app';
import { detail, failedRenewal, type FakeRoute, renderConsole, row, staffMe } from './render-console';

// Whole screens with lazy routes and typing: slower than the 20 s default on a loaded 2-core machine.
vi.setConfig({ testTimeout: 40_000 });

vi.mock('../app/leave-app', async (original) => ({ ...(await original<typeof import('../app/leave-app')>()), leaveApp: vi.fn() }));

afterEach(() => vi.mocked(leaveApp).mockClear());

const me = { path: '/staff/me', body: staffMe };
const counts = { path: '/staff/merchants/attention-counts', body: { past_due: 1, failed_payments_7d: 2, grace_ending_7d: 0, total: 3 } };
const directoryCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/staff/merchants?')).map((call) => new URL(call.url, 'http://x').searchParams);

describe('merchant directory', () => {
  it('searches as the staff member types, once typing pauses, and filters by market', async () => {
    const { calls } = renderConsole('/merchants', [me, counts, { path: '/staff/merchants', body: { data: [row()], next_cursor: null } }]);
    await screen.findByRole('heading', { level: 1, name: 'Merchants' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'sg@');
    await waitFor(() => expect(directoryCalls(calls).some((params) => params.get('q') === 'sg@')).toBe(true));
    // Debounced: no request for the half-typed words in between.
    expect(directoryCalls(calls).filter((params) => params.get('q') === 'sg')).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Market' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Singapore', hidden: true }));
    await waitFor(() => expect(directoryCalls(calls).some((params) => params.get('market') === 'SG' && params.get('q') === 'sg@')).toBe(true));
  });

  it('shows the needs-attention view with its counts and pages with the server cursor', async () => {
    const { calls } = renderConsole('/merchants', [
      me,
      counts,
      { path: '/staff/merchants', query: { cursor: 'c2' }, body: { data: [row({ user_id: 22, merchant_name: 'Second Page Shop' })], next_cursor: null } },
      { path: '/staff/merchants', body: { data: [row()], next_cursor: 'c2' } },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: /Needs attention/ }));
    expect(await screen.findByText('Failed payments (7 days): 2')).toBeInTheDocument();
    await waitFor(() => expect(directoryCalls(calls).some((params) => params.get('view') === 'attention')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Second Page Shop')).length).toBeGreaterThan(0);
    expect(directoryCalls(calls).at(-1)?.get('cursor')).toBe('c2');
    expect(directoryCalls(calls).at(-1)?.get('view')).toBe('attention');
  });

  it('says so when no merchant matches', async () => {
    renderConsole('/merchants?q=nobody', [me, counts, { path: '/staff/merchants', body: { data: [], next_cursor: null } }]);
    expect(await screen.findByText('No merchant matches')).toBeInTheDocument();
  });
});

const merchantFakes = (extra: FakeRoute[] = []) => [
  me,
  ...extra,
  { path: '/staff/merchants/21', body: detail() },
  { path: '/staff/merchants/21/timeline', body: { data: [failedRenewal], next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
];

describe('merchant page', () => {
  it('shows who the merchant is, its plan, money, cards and the failed renewal, and logs the visit once', async () => {
    const { calls } = renderConsole('/merchants/21', merchantFakes());
    expect(await screen.findByRole('heading', { level: 1, name: 'Lion City Goods' })).toBeInTheDocument();
    expect(screen.getAllByText('Past due').length).toBeGreaterThan(0);
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('S$15.00');
    expect(screen.getByText(/VISA •••• 0341 · 04\/31/)).toBeInTheDocument();
    expect(await screen.findByText('Payment for INV-0009 failed: Your card was declined')).toBeInTheDocument();
    expect(screen.getAllByText('S$49.00').length).toBeGreaterThan(0);
    // No test clock outside the sandbox (the API answers 404): no panel.
    expect(screen.queryByTestId('clock-panel')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/merchants/21/visits')).toHaveLength(1));
  });

  it('voids an open invoice only with a reason, sending one idempotency key', async () => {
    const { calls } = renderConsole('/merchants/21', merchantFakes([{ method: 'POST', path: '/staff/invoices/in_9/void', body: { invoice: { id: 'in_9', status: 'void' } } }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for invoice INV-0009' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Void', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Void invoice INV-0009' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Duplicate invoice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/invoices/in_9/void')).toHaveLength(1));
    const call = calls.find((candidate) => candidate.url === '/api/staff/invoices/in_9/void');
    expect(call?.body).toEqual({ reason: 'Duplicate invoice' });
    expect(call?.headers['idempotency-key']).toMatch(/.{8,}/);
  });

  it('offers the set-up invite only while the owner has not finished setting up, and sends it with a reason', async () => {
    const pendingOwner = { ...detail().owner, setup_pending: true };
    const { calls } = renderConsole(
      '/merchants/21',
      merchantFakes([
        { path: '/staff/merchants/21', body: detail({ owner: pendingOwner }) },
        { method: 'POST', path: '/staff/merchants/21/wizard-invite', body: { ok: true } },
      ]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Staff actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send the set-up invite', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the merchant set-up invite' });
    expect(within(dialog).getByText('An e-mail with the set-up link goes to merchant-sg@demo.test.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Owner lost the e-mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/merchants/21/wizard-invite')).toHaveLength(1));
    expect(calls.find((call) => call.url === '/api/staff/merchants/21/wizard-invite')?.body).toEqual({ reason: 'Owner lost the e-mail' });
  });

  it('does not offer the set-up invite once the owner has finished setting up', async () => {
    renderConsole('/merchants/21', merchantFakes());
    await userEvent.click(await screen.findByRole('button', { name: 'Staff actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Send a password-reset link', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Send the set-up invite', hidden: true })).not.toBeInTheDocument();
  });

  it('previews a credit adjustment, shows before and after, and commits it with the preview token', async () => {
    const preview = { preview_token: 'pt_1', balance_before_minor: 1500, balance_after_minor: 2500, currency: 'SGD', requires_approval: false, approval_threshold_minor: 50000, window_total_minor: 1000, approval_window_hours: 24 };
    const { calls } = renderConsole(
      '/merchants/21',
      merchantFakes([
        { method: 'POST', path: '/staff/merchants/21/credit-adjustments/preview', body: preview },
        { method: 'POST', path: '/staff/merchants/21/credit-adjustments', status: 201, body: { adjustment: { id: 'adj_1', status: 'applied', ledger_entry_id: 'le_1' } } },
      ]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the credit balance' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount \(SGD\)/ }), '10.001');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Goodwill for the outage');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Outage on 3 March');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Too many decimals for this currency')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount \(SGD\)/ });
    fireEvent.change(amount, { target: { value: '10.00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('S$25.00')).toBeInTheDocument();
    expect(within(dialog).getByText('S$15.00')).toBeInTheDocument();
    // The four-eyes rule's running total and window are said before anything is committed.
    expect(within(dialog).getByText(/in the last 24 hours: S\$10\.00 of the S\$500\.00/)).toBeInTheDocument();
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/staff/merchants/21/credit-adjustments').length).toBeGreaterThan(0));
    const commits = calls.filter((call) => call.url === '/api/staff/merchants/21/credit-adjustments');
    expect(commits[0]?.body).toEqual({ direction: 'credit', amount_minor: 1000, description: 'Goodwill for the outage', reason: 'Outage on 3 March', preview_token: 'pt_1' });
    // A double click is one action: every request it makes carries the same key.
    expect(new Set(commits.map((call) => call.headers['idempotency-key'])).size).toBe(1);
  });

  it('acts on the merchant billing under a banner naming the merchant, with a way out', async () => {
    renderConsole('/merchants/21/billing', merchantFakes([{ path: '/users/billing/all', status: 500, body: { error: { code: 'internal_error', message: 'x' } } }]));
    const banner = await screen.findByTestId('acting-banner');
    await waitFor(() => expect(banner).toHaveTextContent('Acting for Lion City Goods (merchant-sg@demo.test)'));
    expect(within(banner).getByRole('link', { name: 'Exit' })).toHaveAttribute('href', '/merchants/21');
  });
});

describe('audit log', () => {
  it('filters by date range and action and exports the same filters as CSV', async () => {
    const entry = {
      id: 9,
      at: 1_780_000_000,
      staff: { id: 1, email: 'support@demo.test' },
      merchant: { user_id: 21, name: 'Lion City Goods' },
      action: 'billing.retry_payment',
      reason: 'Card updated by phone',
      ip: '203.0.113.9',
      before: { status: 'past_due' },
      after: { status: 'active' },
      outcome: 'succeeded',
      error_code: null,
      attempt_id: 8,
    };
    // The gateway call's attempt, written before the call; the entry above is its outcome.
    const attempt = { ...entry, id: 8, before: null, after: null, outcome: 'attempted', attempt_id: null };
    const { calls } = renderConsole('/audit?action=billing.retry_payment', [me, { path: '/staff/audit', body: { data: [entry, attempt], next_cursor: null } }]);
    expect((await screen.findAllByText('Card updated by phone')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Status: Past due → Active').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Succeeded').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Attempted').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Entry #8').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Outcome of entry #8').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => {
      const last = new URL(calls.filter((call) => call.url.startsWith('/api/staff/audit')).at(-1)?.url ?? '', 'http://x').searchParams;
      expect(last.get('action')).toBe('billing.retry_payment');
      expect(Number(last.get('from'))).toBe(new Date(2026, 2, 1).getTime() / 1000);
    });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/^\/api\/staff\/audit\.csv\?.*action=billing\.retry_payment.*from=\d+/);
  });
});
