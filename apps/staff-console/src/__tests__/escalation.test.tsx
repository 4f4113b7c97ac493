import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportConversation } from '@merchant-hub/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, type FakeRoute, renderConsole, staffMe } from './render-console';

// Issue 27 capability 4: the read-only role, the settings superadmins edit, inbox assignment and waiting time.
vi.setConfig({ testTimeout: 40_000 });
afterEach(() => window.localStorage.clear());

const readonlyMe = { path: '/staff/me', body: { ...staffMe, id: 9, email: 'readonly@demo.test', name: 'Rita Readonly', role: 'readonly' } };
const superadminMe = { path: '/staff/me', body: { ...staffMe, id: 1, email: 'admin@demo.test', name: 'Ada Admin', role: 'superadmin' } };
const supportMe = { path: '/staff/me', body: staffMe };
const settings = {
  approval_threshold_minor: { MYR: 50_000, SGD: 20_000, PHP: 500_000, THB: 300_000, TWD: 300_000 },
  approval_window_hours: 24,
  inbox_reply_target_hours: 24,
  updated_at: null,
  updated_by: null,
};
const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const thread = (overrides: Partial<SupportConversation> = {}): SupportConversation => ({
  id: 4,
  subject: 'Card declined',
  state: 'open',
  unread: true,
  last_message_at: now() - 30 * HOUR,
  created_at: now() - 30 * HOUR,
  merchant: { user_id: 21, name: 'Lion City Goods', market: 'SG' },
  assignee: null,
  awaiting_reply_since: now() - 30 * HOUR,
  ...overrides,
});
const assignees = { path: '/staff/support/assignees', body: { data: [{ id: 1, name: 'Ada Admin', email: 'admin@demo.test' }, { id: 3, name: 'Sam Support', email: 'support@demo.test' }] } };

describe('read-only staff', () => {
  const merchant: FakeRoute[] = [
    readonlyMe,
    { path: '/staff/merchants/21', body: detail() },
    { path: '/staff/merchants/21/timeline', body: { data: [], next_cursor: null } },
    { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
  ];

  it('sees the merchant without a control that changes it: no acting on behalf, no staff actions, no credit or invoice actions', async () => {
    renderConsole('/merchants/21', merchant);
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('S$15.00');
    expect(screen.getByTestId('read-only-banner')).toHaveTextContent('Read-only access');
    expect(screen.queryByRole('link', { name: 'Open billing as this merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Staff actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjust credit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invoice actions|INV-0009/ })).not.toBeInTheDocument();
  });

  it('is told it cannot act on behalf when it opens a merchant’s billing address, and no billing call is made', async () => {
    const { calls } = renderConsole('/merchants/21/billing', merchant);
    expect(await screen.findByText(/Read-only staff cannot act on behalf of a merchant/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/users/billing'))).toBe(false);
  });

  it('reads the team without the invitation form, role pickers or deactivation', async () => {
    renderConsole('/team', [
      readonlyMe,
      { path: '/staff/team', body: { data: [{ id: 3, name: 'Sam Support', email: 'support@demo.test', role: 'support', status: 'active', last_sign_in_at: null, created_at: 1_770_000_000 }] } },
    ]);
    expect(await screen.findByText('support@demo.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of Sam Support' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    // Team and settings are in its navigation: it sees what superadmins see.
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  });

  it('reads a support thread with no reply form, assignment or close', async () => {
    renderConsole('/support/4', [readonlyMe, { path: '/staff/settings', body: { data: settings } }, { path: '/staff/support/4', body: { data: { ...thread(), messages: [] } } }]);
    expect(await screen.findByRole('heading', { name: 'Card declined' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close conversation' })).not.toBeInTheDocument();
  });
});

describe('console settings', () => {
  it('lets a superadmin change a threshold in major units and the window, asks why, and sends minor units with the reason', async () => {
    const { calls } = renderConsole('/settings', [
      superadminMe,
      { path: '/staff/settings', body: { data: settings } },
      { method: 'PUT', path: '/staff/settings', body: { data: { ...settings, approval_threshold_minor: { ...settings.approval_threshold_minor, MYR: 10_000 }, approval_window_hours: 48, updated_at: 1_780_000_000, updated_by: { id: 1, name: 'Ada Admin' } } } },
    ]);
    const myr = await screen.findByRole('textbox', { name: 'Threshold (MYR)' });
    expect(myr).toHaveValue('500.00');
    await userEvent.clear(myr);
    await userEvent.type(myr, '100.00');
    const window = screen.getByRole('textbox', { name: 'Window (hours)' });
    await userEvent.clear(window);
    await userEvent.type(window, '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const why = await screen.findByRole('dialog', { name: 'Change the console settings' });
    await userEvent.type(within(why).getByRole('textbox', { name: /Reason/ }), 'Finance asked for it');
    await userEvent.click(within(why).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        approval_threshold_minor: { MYR: 10_000, SGD: 20_000, PHP: 500_000, THB: 300_000, TWD: 300_000 },
        approval_window_hours: 48,
        inbox_reply_target_hours: 24,
        reason: 'Finance asked for it',
      }),
    );
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('refuses a window out of bounds and a bad amount on the fields, sending nothing', async () => {
    const { calls } = renderConsole('/settings', [superadminMe, { path: '/staff/settings', body: { data: settings } }]);
    const sgd = await screen.findByRole('textbox', { name: 'Threshold (SGD)' });
    await userEvent.clear(sgd);
    await userEvent.type(sgd, 'lots');
    const window = screen.getByRole('textbox', { name: 'Window (hours)' });
    await userEvent.clear(window);
    await userEvent.type(window, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter between 1 and 720 hours')).toBeInTheDocument();
    expect(screen.getByText('This is not an amount')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows support the settings without a way to save them', async () => {
    renderConsole('/settings', [supportMe, { path: '/staff/settings', body: { data: settings } }]);
    expect(await screen.findByText('Only a superadmin can change these.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Threshold (MYR)' })).toHaveAttribute('readonly');
  });
});

/** Picks `option` in the Mantine select named `name` (its list is a portal the select controls). */
const choose = async (name: string, option: string) => {
  const select = await screen.findByRole('combobox', { name });
  await userEvent.click(select);
  await waitFor(() => expect(document.getElementById(String(select.getAttribute('aria-controls')))).toBeInTheDocument());
  const list = document.getElementById(String(select.getAttribute('aria-controls'))) as HTMLElement;
  await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
};

describe('inbox assignment and waiting time', () => {
  it('shows each thread’s assignee, age and waiting time against the target, flagging one over it', async () => {
    renderConsole('/support', [
      supportMe,
      assignees,
      {
        path: '/staff/support',
        body: {
          data: [thread(), thread({ id: 5, subject: 'Invoice copy', assignee: { id: 1, name: 'Ada Admin' }, awaiting_reply_since: now() - 2 * HOUR, created_at: now() - 3 * 24 * HOUR })],
          reply_target_hours: 24,
        },
      },
    ]);
    const late = (await screen.findByText('Card declined')).closest('li') as HTMLElement;
    expect(late).toHaveTextContent('Not assigned');
    expect(late).toHaveTextContent('waiting 30 h (target 24 h)');
    expect(within(late).getByText('Over target')).toBeInTheDocument();
    const early = screen.getByText('Invoice copy').closest('li') as HTMLElement;
    expect(early).toHaveTextContent('Assigned to Ada Admin');
    expect(early).toHaveTextContent('opened 3 days ago');
    expect(early).toHaveTextContent('waiting 2 h (target 24 h)');
    expect(within(early).queryByText('Over target')).not.toBeInTheDocument();
  });

  it('sorts by waiting time and filters unassigned threads through the API', async () => {
    const { calls } = renderConsole('/support', [supportMe, assignees, { path: '/staff/support', body: { data: [thread()], reply_target_hours: 24 } }]);
    await screen.findByText('Card declined');
    await choose('Order', 'Waiting longest first');
    await waitFor(() => expect(calls.some((call) => call.url.includes('sort=waiting'))).toBe(true));
    await choose('Assigned to', 'Nobody yet');
    await waitFor(() => expect(calls.some((call) => call.url.includes('assigned=none') && call.url.includes('sort=waiting'))).toBe(true));
  });

  it('assigns a thread to another staff member from the thread', async () => {
    // jsdom has no FontFaceSet; the reply box's autosize listens to it.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
    const { calls } = renderConsole('/support/4', [
      supportMe,
      assignees,
      { path: '/staff/settings', body: { data: settings } },
      { path: '/staff/support/4', body: { data: { ...thread(), messages: [] } } },
      { method: 'POST', path: '/staff/support/4/assign', body: { data: { ...thread(), assignee: { id: 1, name: 'Ada Admin' }, messages: [] } } },
    ]);
    await choose('Assigned to', 'Ada Admin');
    await waitFor(() => expect(calls.find((call) => call.path === '/staff/support/4/assign')?.body).toEqual({ assignee_id: 1 }));
  });
});
