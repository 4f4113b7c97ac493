import type { MerchantNote, SupportConversationDetail } from '@merchant-hub/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, type FakeRoute, renderConsole, row, staffMe } from './render-console';

// Whole screens with lazy routes and typing: slower than the 20 s default on a loaded 2-core machine.
vi.setConfig({ testTimeout: 40_000 });

// The 繁體中文 test's choice of language is remembered in local storage.
afterEach(() => window.localStorage.clear());

const me = { path: '/staff/me', body: staffMe };
const superadmin = { path: '/staff/me', body: { ...staffMe, id: 2, name: 'Ada Admin', email: 'admin@demo.test', role: 'superadmin' } };
const note = (overrides: Partial<MerchantNote> = {}): MerchantNote => ({
  id: 1,
  body: 'Prefers WhatsApp',
  pinned: false,
  author: { id: 1, name: 'Sam Support', email: 'support@demo.test' },
  created_at: 1_780_000_000,
  edited_at: null,
  ...overrides,
});
const merchantRoutes = (notes: MerchantNote[] | FakeRoute, tags: string[] = []): FakeRoute[] => [
  { path: '/staff/merchants/21', body: detail({ merchant: row({ tags }) }) },
  { path: '/staff/merchants/21/timeline', body: { data: [], next_cursor: null } },
  { method: 'POST', path: '/staff/merchants/21/visits', body: { ok: true } },
  Array.isArray(notes) ? { path: '/staff/merchants/21/notes', body: { data: notes } } : notes,
];

describe('internal notes on the merchant page', () => {
  it('shows pinned notes at the top with author and time, and offers edit and delete only on your own notes', async () => {
    renderConsole('/merchants/21', [
      me,
      ...merchantRoutes([note({ id: 3, body: 'Chargeback last year: ask for proof', pinned: true, author: { id: 9, name: 'Olga Other', email: 'o@demo.test' } }), note({ id: 1 })]),
    ]);
    const pinned = await screen.findByRole('region', { name: 'Pinned notes' });
    expect(within(pinned).getByText('Chargeback last year: ask for proof')).toBeTruthy();
    expect(within(pinned).getByText(/Olga Other/)).toBeTruthy();
    const [theirs, mine] = await screen.findAllByTestId('note');
    expect(within(theirs).getByRole('button', { name: 'Unpin' })).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it("lets a superadmin delete another member's note after confirming", async () => {
    const { calls } = renderConsole('/merchants/21', [
      superadmin,
      { method: 'DELETE', path: '/staff/merchants/21/notes/1', body: { ok: true } },
      ...merchantRoutes([note({ id: 1 })]),
    ]);
    const item = await screen.findByTestId('note');
    expect(within(item).queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/staff/merchants/21/notes/1')).toBe(true));
  });

  it('adds a note with the keyboard, checks it with the shared schema first, and pins one', async () => {
    const { calls } = renderConsole('/merchants/21', [
      me,
      { method: 'POST', path: '/staff/merchants/21/notes', body: { data: note({ id: 5, body: 'Call after 2pm' }) } },
      { method: 'POST', path: '/staff/merchants/21/notes/1/pin', body: { data: note({ pinned: true }) } },
      ...merchantRoutes([note()]),
    ]);
    const panel = await screen.findByRole('region', { name: 'Internal notes' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Please write the note')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/staff/merchants/21/notes')).toBe(false);
    await userEvent.type(within(panel).getByRole('textbox', { name: /New note/ }), 'Call after 2pm');
    await userEvent.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(calls.find((call) => call.method === 'POST' && call.path === '/staff/merchants/21/notes')?.body).toEqual({ body: 'Call after 2pm' }));
    await userEvent.click(within(await screen.findByTestId('note')).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/staff/merchants/21/notes/1/pin')?.body).toEqual({ pinned: true }));
  });

  it('edits your own note in place', async () => {
    const { calls } = renderConsole('/merchants/21', [
      me,
      { method: 'PATCH', path: '/staff/merchants/21/notes/1', body: { data: note({ body: 'Prefers e-mail', edited_at: 1_780_000_100 }) } },
      ...merchantRoutes([note()]),
    ]);
    await userEvent.click(within(await screen.findByTestId('note')).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: /Edit note/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'Prefers e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ body: 'Prefers e-mail' }));
  });

  it('shows the empty state, and an error with a retry when the notes cannot be read', async () => {
    renderConsole('/merchants/21', [me, ...merchantRoutes({ path: '/staff/merchants/21/notes', status: 500, body: { error: { code: 'internal_error', message: 'x' } } })]);
    expect(await screen.findByText('We could not load the notes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a read-only staff member the notes and tags without any control that changes them', async () => {
    renderConsole('/merchants/21', [{ path: '/staff/me', body: { ...staffMe, role: 'readonly' } }, ...merchantRoutes([note({ pinned: true })], ['vip'])]);
    const item = await screen.findByTestId('note');
    expect(within(item).getByText('Prefers WhatsApp')).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /New note/ })).toBeNull();
    const tags = screen.getByTestId('merchant-tags');
    expect(within(tags).getByText('vip')).toBeTruthy();
    expect(within(tags).queryByRole('textbox')).toBeNull();
    expect(within(tags).queryByRole('button')).toBeNull();
  });

  it('says there are no notes yet in 繁體中文 too', async () => {
    const { missingKeys } = renderConsole('/merchants/21', [me, ...merchantRoutes([])], { locale: 'zhtw' });
    expect(await screen.findByText('尚無備註。寫下下一位負責此商家的同事需要知道的事。')).toBeTruthy();
    expect(screen.getByRole('region', { name: '內部備註' })).toBeTruthy();
    expect(missingKeys).toEqual([]);
  });
});

describe('tags', () => {
  it('shows the merchant’s tags, adds a normalised one and removes one by its button', async () => {
    const { calls } = renderConsole('/merchants/21', [
      me,
      { method: 'POST', path: '/staff/merchants/21/tags', body: { tags: ['key-account', 'vip'] } },
      { method: 'DELETE', path: '/staff/merchants/21/tags/vip', body: { tags: [] } },
      ...merchantRoutes([], ['vip']),
    ]);
    const tags = await screen.findByTestId('merchant-tags');
    expect(within(tags).getByRole('list', { name: 'Tags of Lion City Goods' })).toBeTruthy();
    await userEvent.type(within(tags).getByRole('textbox', { name: 'Add a tag' }), 'Key Account{Enter}');
    await waitFor(() => expect(calls.find((call) => call.method === 'POST' && call.path === '/staff/merchants/21/tags')?.body).toEqual({ tag: 'Key Account' }));
    expect(await screen.findByText('Tag key-account added')).toBeTruthy();
    await userEvent.click(within(tags).getByRole('button', { name: 'Remove tag vip' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/staff/merchants/21/tags/vip')).toBe(true));
  });

  it('refuses a malformed tag in the form before asking the server', async () => {
    const { calls } = renderConsole('/merchants/21', [me, ...merchantRoutes([])]);
    const tags = await screen.findByTestId('merchant-tags');
    await userEvent.type(within(tags).getByRole('textbox', { name: 'Add a tag' }), '<b>{Enter}');
    expect(await within(tags).findByText('Use letters, digits, - and _, starting with a letter or digit')).toBeTruthy();
    expect(calls.some((call) => call.path === '/staff/merchants/21/tags')).toBe(false);
  });

  it('shows tags on directory rows and filters the directory by tag on the server', async () => {
    const { calls } = renderConsole('/merchants', [
      me,
      { path: '/staff/merchants/attention-counts', body: { past_due: 0, failed_payments_7d: 0, grace_ending_7d: 0, total: 0 } },
      { path: '/staff/tags', body: { data: [{ tag: 'vip', merchants: 3 }, { tag: 'reseller', merchants: 1 }] } },
      { path: '/staff/merchants', body: { data: [row({ tags: ['vip'] })], next_cursor: null } },
    ]);
    const list = await screen.findAllByRole('list', { name: 'Tags of Lion City Goods' });
    expect(within(list[0] as HTMLElement).getByText('vip')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    await userEvent.click(await screen.findByRole('option', { name: 'vip', hidden: true }));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/staff/merchants?') && new URL(call.url, 'http://x').searchParams.get('tag') === 'vip')).toBe(true));
  });
});

// A closed conversation: the console offers no reply there (Mantine's autosized reply box cannot run in jsdom),
// and internal notes are still taken.
describe('internal notes in a support conversation', () => {
  const conversation = (overrides: Partial<SupportConversationDetail> = {}): SupportConversationDetail => ({
    id: 4,
    subject: 'Charged twice',
    state: 'closed',
    unread: false,
    last_message_at: 1_780_000_000,
    created_at: 1_780_000_000,
    merchant: { user_id: 21, name: 'Lion City Goods', market: 'SG' },
    assignee: null,
    messages: [{ id: 1, author: 'merchant', author_name: 'Wei Ling', body: 'Please check', has_screenshot: false, created_at: 1_780_000_000 }],
    internal_notes: [{ id: 1, author_name: 'Sam Support', body: 'Chargeback risk', created_at: 1_780_000_050 }],
    ...overrides,
  });

  it('marks internal notes as internal, apart from the thread, and adds one', async () => {
    const { calls } = renderConsole('/support/4', [
      me,
      { method: 'POST', path: '/staff/support/4/internal-notes', body: { data: conversation() } },
      { path: '/staff/support/4', body: { data: conversation() } },
    ]);
    const section = await screen.findByRole('region', { name: 'Internal notes' });
    const item = within(section).getByTestId('internal-note');
    expect(within(item).getByText('Internal')).toBeTruthy();
    expect(within(item).getByText('Chargeback risk')).toBeTruthy();
    expect(within(section).getByText(/The merchant never sees them/)).toBeTruthy();
    await userEvent.type(within(section).getByRole('textbox', { name: 'Internal note' }), 'Refund approved by finance');
    await userEvent.click(within(section).getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/staff/support/4/internal-notes')?.body).toEqual({ message: 'Refund approved by finance' }));
  });

  it('says when there are no internal notes', async () => {
    renderConsole('/support/4', [me, { path: '/staff/support/4', body: { data: conversation({ internal_notes: [] }) } }]);
    expect(await screen.findByText('No internal notes yet.')).toBeTruthy();
  });
});
