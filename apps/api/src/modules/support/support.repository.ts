import type { SupportConversation, SupportInboxSort, SupportInternalNote, SupportMessageRow, SupportState } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { asDate } from '../../db/knex';
import { insertId } from '../../db/knex';
import { num } from '../../db/rows';
import { INVITED_PASSWORD_HASH } from '../team';

type Exec = Knex | Knex.Transaction;

const seconds = (value: unknown): number => Math.floor(asDate(value).getTime() / 1000);
const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';

export type ConversationRecord = { id: number; merchantId: number; state: SupportState; ownerEmail: string; ownerLocale: string; ownerName: string; subject: string };

export const findMerchantIdOfOwner = async (db: Exec, userId: number): Promise<number | null> => {
  const row = await db('merchants').where({ owner_user_id: userId }).first('id');
  return row ? num(row.id) : null;
};

const conversationQuery = (db: Exec) =>
  db('support_conversations as c')
    .join('merchants as m', 'm.id', 'c.merchant_id')
    .join('users as o', 'o.id', 'm.owner_user_id')
    .leftJoin('countries as k', 'k.id', 'm.country_id')
    .leftJoin('users as a', 'a.id', 'c.assigned_to_user_id')
    .select('c.*', 'm.owner_user_id', 'm.name as merchant_name', 'k.iso_code as market', 'a.name as assignee_name', 'o.email as owner_email', 'o.locale as owner_locale', 'o.name as owner_name');

const toConversation = (row: Record<string, unknown>, view: 'merchant' | 'staff'): SupportConversation => ({
  id: num(row.id),
  subject: String(row.subject),
  state: String(row.state) as SupportState,
  unread: bool(view === 'merchant' ? row.merchant_unread : row.staff_unread),
  last_message_at: seconds(row.last_message_at),
  created_at: seconds(row.created_at),
  ...(view === 'staff'
    ? {
        merchant: { user_id: num(row.owner_user_id), name: String(row.merchant_name), market: row.market ? String(row.market) : null },
        assignee: row.assigned_to_user_id ? { id: num(row.assigned_to_user_id), name: String(row.assignee_name) } : null,
        awaiting_reply_since: row.awaiting_reply_since === null || row.awaiting_reply_since === undefined ? null : seconds(row.awaiting_reply_since),
      }
    : {}),
});

/** `assignedTo: null`: threads nobody is assigned to. */
export type InboxFilter = { merchantId?: number; state?: SupportState; market?: string; merchantUserId?: number; assignedTo?: number | null; sort?: SupportInboxSort };

type Query = ReturnType<typeof conversationQuery>;
const ORDERS: Record<SupportInboxSort, (query: Query) => Query> = {
  recent: (query) => query.orderBy([{ column: 'c.last_message_at', order: 'desc' }, { column: 'c.id', order: 'desc' }]),
  age: (query) => query.orderBy([{ column: 'c.created_at', order: 'asc' }, { column: 'c.id', order: 'asc' }]),
  // Longest waiting first; answered and closed threads (not waiting) after every waiting one. (Knex's `nulls`
  // option drops the column itself on SQLite, so the null test is spelled out.)
  waiting: (query) =>
    query
      .orderByRaw('case when c.awaiting_reply_since is null then 1 else 0 end')
      .orderBy([{ column: 'c.awaiting_reply_since', order: 'asc' }, { column: 'c.last_message_at', order: 'desc' }, { column: 'c.id', order: 'desc' }]),
};

export const listConversations = async (db: Exec, filter: InboxFilter, view: 'merchant' | 'staff'): Promise<SupportConversation[]> => {
  const query = ORDERS[filter.sort ?? 'recent'](conversationQuery(db)).limit(200);
  if (filter.merchantId !== undefined) query.where('c.merchant_id', filter.merchantId);
  if (filter.state) query.where('c.state', filter.state);
  if (filter.market) query.where('k.iso_code', filter.market);
  if (filter.merchantUserId !== undefined) query.where('m.owner_user_id', filter.merchantUserId);
  if (filter.assignedTo === null) query.whereNull('c.assigned_to_user_id');
  else if (filter.assignedTo !== undefined) query.where('c.assigned_to_user_id', filter.assignedTo);
  return (await query).map((row) => toConversation(row, view));
};

export const getConversation = async (db: Exec, id: number, view: 'merchant' | 'staff'): Promise<(SupportConversation & { record: ConversationRecord }) | null> => {
  const row = await conversationQuery(db).where('c.id', id).first();
  if (!row) return null;
  return {
    ...toConversation(row, view),
    record: { id: num(row.id), merchantId: num(row.merchant_id), state: String(row.state) as SupportState, ownerEmail: String(row.owner_email), ownerLocale: String(row.owner_locale ?? 'en'), ownerName: String(row.owner_name), subject: String(row.subject) },
  };
};

export const listMessages = async (db: Exec, conversationId: number, view: 'merchant' | 'staff'): Promise<SupportMessageRow[]> =>
  (await db('support_messages as s').join('users as u', 'u.id', 's.author_user_id').where('s.conversation_id', conversationId).orderBy('s.id', 'asc').select('s.*', 'u.name as author_name')).map((row) => ({
    id: num(row.id),
    author: row.author_kind === 'staff' ? 'staff' : 'merchant',
    // A merchant never learns which staff member answered.
    author_name: view === 'merchant' && row.author_kind === 'staff' ? null : String(row.author_name),
    body: String(row.body),
    has_screenshot: row.screenshot_path !== null && row.screenshot_path !== undefined,
    created_at: seconds(row.created_at),
  }));

export const screenshotOf = async (db: Exec, conversationId: number, messageId: number): Promise<string | null> => {
  const row = await db('support_messages').where({ id: messageId, conversation_id: conversationId }).first('screenshot_path');
  return row?.screenshot_path ? String(row.screenshot_path) : null;
};

export const insertConversation = async (tx: Exec, input: { merchantId: number; authorUserId: number; subject: string; now: Date }): Promise<number> =>
  insertId(tx, 'support_conversations', {
    merchant_id: input.merchantId,
    author_user_id: input.authorUserId,
    subject: input.subject,
    state: 'open',
    staff_unread: true,
    merchant_unread: false,
    created_at: input.now,
    last_message_at: input.now,
    awaiting_reply_since: input.now,
  });

export const insertMessage = async (tx: Exec, input: { conversationId: number; authorUserId: number; authorKind: 'merchant' | 'staff'; body: string; screenshotPath: string | null; now: Date }): Promise<number> =>
  insertId(tx, 'support_messages', {
    conversation_id: input.conversationId,
    author_user_id: input.authorUserId,
    author_kind: input.authorKind,
    body: input.body,
    screenshot_path: input.screenshotPath,
    created_at: input.now,
  });

export type ConversationChanges = Partial<{
  state: SupportState;
  staff_unread: boolean;
  merchant_unread: boolean;
  assigned_to_user_id: number | null;
  last_message_at: Date;
  awaiting_reply_since: Date | null;
}>;

/** The staff members a thread can be assigned to: active support and superadmin accounts (read-only staff cannot answer). */
export const listAssignees = async (db: Exec): Promise<{ id: number; name: string; email: string }[]> =>
  (
    await db('users as u')
      .join('user_roles as ur', 'ur.user_id', 'u.id')
      .join('roles as r', 'r.id', 'ur.role_id')
      .whereIn('r.name', ['support', 'superadmin'])
      .where('u.status', 'active')
      .whereNot('u.password_hash', INVITED_PASSWORD_HASH)
      .distinct('u.id', 'u.name', 'u.email')
      .orderBy('u.name', 'asc')
  ).map((row) => ({ id: num(row.id), name: String(row.name), email: String(row.email) }));

export const updateConversation = async (tx: Exec, id: number, changes: ConversationChanges): Promise<void> => {
  await tx('support_conversations').where({ id }).update(changes);
};

export const countUnread = async (db: Exec, filter: { merchantId?: number }): Promise<number> => {
  const query = db('support_conversations');
  if (filter.merchantId !== undefined) query.where({ merchant_id: filter.merchantId, merchant_unread: true });
  else query.where({ staff_unread: true }).whereNot({ state: 'closed' });
  const row = await query.count({ n: '*' }).first();
  return num(row?.n ?? 0);
};

// Internal notes (issue 27): staff's own notes on a conversation, in a table the merchant's calls never read.

export const listInternalNotes = async (db: Exec, conversationId: number): Promise<SupportInternalNote[]> =>
  (await db('support_internal_notes as n').join('users as u', 'u.id', 'n.author_user_id').where('n.conversation_id', conversationId).orderBy('n.id', 'asc').select('n.id', 'n.body', 'n.created_at', 'u.name as author_name')).map(
    (row) => ({ id: num(row.id), author_name: String(row.author_name), body: String(row.body), created_at: num(row.created_at) }),
  );

export const insertInternalNote = (tx: Exec, input: { conversationId: number; authorUserId: number; body: string; at: number }): Promise<number> =>
  insertId(tx, 'support_internal_notes', { conversation_id: input.conversationId, author_user_id: input.authorUserId, body: input.body, created_at: input.at });
