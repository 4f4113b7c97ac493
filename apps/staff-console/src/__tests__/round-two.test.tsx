import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppI18n } from '@merchant-hub/ui-kit';
import { AUDIT_ACTIONS } from '@merchant-hub/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, type FakeRoute, renderConsole, row, staffMe } from './render-console';

// Issue 27: the defects found walking the console as support and superadmin.
vi.setConfig({ testTimeout: 40_000 });
// A screen opened in another language keeps it for the next (the choice is stored): each test starts afresh.
afterEach(() => window.localStorage.clear());

const me = { path: '/staff/me', body: staffMe };
const merchantFakes = (extra: FakeRoute[] = [], timeline: unknown[] = []) => [
  me,
  ...extra,
  { path: '/staff/merchants/21', body: detail() },
  { path: '/staff/merchants/21/timeline', body: { data: timeline, next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
];

describe('credit sign (§2)', () => {
  it('shows a credit on the timeline with the sign the merchant sees, +S$15.00, as the balance card', async () => {
    renderConsole('/merchants/21', merchantFakes([], [
      { id: 'cb_000000000001', at: 1_780_000_000, kind: 'credit', title_key: 'timeline.credit.entry', params: { description: 'Goodwill' }, amount_minor: -1500, currency: 'SGD' },
      { id: 'cb_000000000000', at: 1_779_000_000, kind: 'credit', title_key: 'timeline.credit.entry', params: { description: 'Applied to INV-0009' }, amount_minor: 500, currency: 'SGD' },
    ]));
    const credit = await screen.findByText(/Goodwill/);
    const item = credit.closest('[data-kind="credit"]') as HTMLElement;
    expect(within(item).getByText('+S$15.00')).toBeInTheDocument();
    const used = (await screen.findByText(/Applied to INV-0009/)).closest('[data-kind="credit"]') as HTMLElement;
    expect(within(used).getByText('-S$5.00')).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('S$15.00');
  });
});


describe('directory rows (§4)', () => {
  const directory = [me, { path: '/staff/merchants/attention-counts', body: { past_due: 1, failed_payments_7d: 0, grace_ending_7d: 0, total: 1 } }, { path: '/staff/merchants', body: { data: [row()], next_cursor: null } }];

  it('opens the merchant from a click anywhere on the row, the e-mail cell too', async () => {
    const { router } = renderConsole('/merchants', [...directory, ...merchantFakes()]);
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByText('merchant-sg@demo.test'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/21'));
  });

  it('opens the merchant from the keyboard: the row’s link is one tab stop named after the merchant', async () => {
    const { router } = renderConsole('/merchants', [...directory, ...merchantFakes()]);
    const table = await screen.findByRole('table');
    const link = within(table).getByRole('link', { name: 'Lion City Goods' });
    const rowElement = within(table).getAllByTestId('merchant-row')[0] as HTMLElement;
    expect(within(rowElement).getAllByRole('link')).toHaveLength(1);
    for (let step = 0; step < 40 && document.activeElement !== link; step += 1) await userEvent.tab();
    expect(link).toHaveFocus();
    // The whole row shows where the keyboard is, as it shows the mouse.
    expect(rowElement).toHaveAttribute('data-focused', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/21'));
  });
});

describe('labels (§6)', () => {
  const entry = {
    id: 12,
    at: 1_780_000_000,
    staff: { id: 1, email: 'support@demo.test' },
    merchant: { user_id: 21, name: 'Lion City Goods', currency: 'SGD' },
    action: 'credit.adjust',
    reason: 'Outage goodwill',
    ip: '203.0.113.9',
    before: { credit_balance_minor: 500, ledger_entry_id: null, status: 'applied' },
    after: { credit_balance_minor: 2000, ledger_entry_id: 'cb_1', status: 'applied' },
    outcome: 'succeeded',
    error_code: null,
    attempt_id: null,
  };

  it('names every audit action in words and lists only the changed fields, money formatted', async () => {
    renderConsole('/audit', [me, { path: '/staff/audit', body: { data: [entry], next_cursor: null } }]);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Credit balance adjusted')).toBeInTheDocument();
    expect(within(table).queryByText('credit.adjust')).not.toBeInTheDocument();
    const changes = within(table).getByText(/Credit balance: S\$5\.00 → S\$20\.00/);
    expect(changes.textContent).toBe('Credit balance: S$5.00 → S$20.00\nLedger entry: — → cb_1');
  });

  it('shows the audit log in 繁體中文 with the action in words', async () => {
    const { missingKeys } = renderConsole('/audit', [me, { path: '/staff/audit', body: { data: [entry], next_cursor: null } }], { locale: 'zhtw' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('餘額已調整')).toBeInTheDocument();
    expect(within(table).getByText(/餘額: S\$5\.00 → S\$20\.00/)).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('names the action of a refused staff action on the timeline in words, not its code', async () => {
    const { missingKeys } = renderConsole('/merchants/21', merchantFakes([], [
      { id: 'audit_000000000003', at: 1_780_000_000, kind: 'staff_action', title_key: 'timeline.staff.refused', params: { action: 'billing.upgrade' }, actor: { id: 1, email: 'support@demo.test' } },
    ]));
    expect(await screen.findByText('Staff action refused (Plan upgraded)')).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });
});

describe('every audit action has a label', () => {
  it('in English, from the list the API is checked against', async () => {
    const i18n = createAppI18n({ search: '' });
    await i18n.loadNamespaces('staff');
    const missing = AUDIT_ACTIONS.filter((action) => !i18n.exists(`staff:auditAction.${action}`, { lng: 'en' }));
    expect(missing).toEqual([]);
  });
});

describe('approvals cues (§7)', () => {
  const approval = {
    id: 'cadj_1',
    merchant: { user_id: 21, name: 'Lion City Goods' },
    direction: 'credit',
    amount_minor: 60_000,
    currency: 'SGD',
    description: 'Outage goodwill',
    reason: 'Ticket 7781',
    requested_by: { id: 2, email: 'other@demo.test' },
    created_at: 1_780_000_000,
  };

  it('shows how many adjustments wait for the staff member in the navigation', async () => {
    renderConsole('/approvals', [me, { path: '/staff/approvals/count', body: { pending: 3 } }, { path: '/staff/approvals', body: { data: [] } }]);
    const nav = await screen.findByRole('navigation');
    expect(await within(nav).findByLabelText('3 waiting for your decision')).toHaveTextContent('3');
  });

  it('says what is being approved, not that the staff member acts for the merchant', async () => {
    renderConsole('/approvals', [me, { path: '/staff/approvals/count', body: { pending: 1 } }, { path: '/staff/approvals', body: { data: [approval] } }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment' });
    expect(dialog).toHaveTextContent('You are approving: Credit S$600.00 for Lion City Goods, asked for by other@demo.test.');
    expect(dialog).not.toHaveTextContent('You are acting for this merchant');
  });
});

describe('team changes with a reason, and reactivation (§8)', () => {
  const member = { id: 5, name: 'Sam Support', email: 'support@demo.test', role: 'support', status: 'deactivated', last_sign_in_at: null, created_at: 1_770_000_000 };
  const superadmin = { path: '/staff/me', body: { ...staffMe, id: 1, email: 'admin@demo.test', role: 'superadmin' } };

  it('reactivates a deactivated staff member once the superadmin says why', async () => {
    const { calls, missingKeys } = renderConsole('/team', [
      superadmin,
      { path: '/staff/team', body: { data: [member] } },
      { method: 'POST', path: '/staff/team/5/reactivate', body: { data: { ...member, status: 'active' } } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate Sam Support' }));
    const why = await screen.findByRole('dialog', { name: 'Reactivate this staff member?' });
    expect(why).toHaveTextContent('Sam Support (support@demo.test) can sign in again as Support.');
    await userEvent.click(within(why).getByRole('button', { name: 'Reactivate' }));
    expect(await within(why).findByText(/Please give a reason/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(why).getByRole('textbox', { name: /Reason/ }), 'Back from leave');
    await userEvent.click(within(why).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(calls.find((call) => call.url === '/api/staff/team/5/reactivate')?.body).toEqual({ reason: 'Back from leave' }));
    expect(missingKeys).toEqual([]);
  });

  it('asks why before changing a role, and sends the reason', async () => {
    const { calls } = renderConsole('/team', [
      superadmin,
      { path: '/staff/team', body: { data: [{ ...member, status: 'active' }] } },
      { method: 'POST', path: '/staff/team/5/role', body: { data: { ...member, status: 'active', role: 'superadmin' } } },
    ]);
    const role = await screen.findByRole('combobox', { name: 'Role of Sam Support' });
    await userEvent.click(role);
    await waitFor(() => expect(document.getElementById(String(role.getAttribute('aria-controls'))) as HTMLElement).toBeInTheDocument());
    const list = document.getElementById(String(role.getAttribute('aria-controls'))) as HTMLElement;
    await userEvent.click(within(list).getByRole('option', { name: 'Superadmin', hidden: true }));
    const why = await screen.findByRole('dialog', { name: 'Why are you doing this?' });
    await userEvent.type(within(why).getByRole('textbox', { name: /Reason/ }), 'Night shift lead');
    await userEvent.click(within(why).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.find((call) => call.url === '/api/staff/team/5/role')?.body).toEqual({ role: 'superadmin', reason: 'Night shift lead' }));
  });
});
