import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { asDate, insertId } from '../../db/knex';
import { decryptText, encryptText } from '../../security/crypto';

export type OutboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  /** The e-mail's HTML part, when it has one (encrypted at rest like the text). */
  html?: string | null;
  kind: string;
  createdAt: Date;
  /** An invoice whose PDF goes with the e-mail, rendered when it is sent (the outbox keeps no blob). */
  attachmentInvoiceId?: string | null;
};

const toOutboxMessage = (secret: string, row: Record<string, unknown>): OutboxMessage => ({
  id: Number(row.id),
  channel: row.channel as OutboxMessage['channel'],
  to: String(row.to_address),
  subject: (row.subject as string | null) ?? null,
  text: decryptText(secret, String(row.body_encrypted)),
  html: row.html_encrypted ? decryptText(secret, String(row.html_encrypted)) : null,
  kind: String(row.kind),
  createdAt: asDate(row.created_at),
  attachmentInvoiceId: (row.attachment_invoice_id as string | null) ?? null,
});

type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'createdAt'> & { createdAt: Date; status?: 'stored' | 'pending' };

const outboxRow = (secret: string, message: NewOutboxMessage) => {
  const status = message.status ?? 'stored';
  return {
    channel: message.channel,
    to_address: message.to.toLowerCase(),
    subject: message.subject,
    body_encrypted: encryptText(secret, message.text),
    html_encrypted: message.html ? encryptText(secret, message.html) : null,
    kind: message.kind,
    created_at: message.createdAt,
    attachment_invoice_id: message.attachmentInvoiceId ?? null,
    status,
    next_attempt_at: status === 'pending' ? message.createdAt : null,
  };
};

/** `stored`: kept for the dev mailbox only; `pending`: to be delivered (now, or again at next_attempt_at). */
export const insertOutboxMessage = (db: Db | Knex.Transaction, secret: string, message: NewOutboxMessage): Promise<number> => insertId(db, 'outbox', outboxRow(secret, message));

/** Many messages in one statement (a renewal batch's receipts), in the caller's transaction. */
export const insertOutboxMessages = async (db: Db | Knex.Transaction, secret: string, messages: readonly NewOutboxMessage[]): Promise<void> => {
  if (messages.length > 0) await db('outbox').insert(messages.map((message) => outboxRow(secret, message)));
};

/**
 * Takes a pending message for one delivery attempt: moves its next attempt `leaseMs` ahead only if nobody
 * else moved it first, so two instances never send the same message at once.
 */
export const claimOutboxMessage = async (db: Db, id: number, dueBy: Date, leaseUntil: Date): Promise<boolean> =>
  (await db('outbox').where({ id, status: 'pending' }).andWhere('next_attempt_at', '<=', dueBy).update({ next_attempt_at: leaseUntil })) === 1;

/** Pending messages whose next attempt is due, oldest first. */
export const dueOutboxIds = async (db: Db, now: Date, limit: number): Promise<number[]> =>
  (await db('outbox').where({ status: 'pending' }).andWhere('next_attempt_at', '<=', now).orderBy('id').limit(limit).select('id')).map((row) => Number(row.id));

export const readOutboxMessage = async (db: Db, secret: string, id: number): Promise<(OutboxMessage & { attempts: number }) | null> => {
  const row = await db('outbox').where({ id }).first();
  if (!row) return null;
  return { ...toOutboxMessage(secret, row), attempts: Number(row.attempts) };
};

export const markOutboxSent = async (db: Db, id: number, at: Date): Promise<void> => {
  await db('outbox').where({ id }).update({ status: 'sent', sent_at: at, next_attempt_at: null, last_error: null });
};

export const markOutboxRetry = async (db: Db, id: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> => {
  await db('outbox').where({ id }).update({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) });
};

/** Messages still waiting for the mail server (the `outbox_backlog` metric). */
export const countOutboxBacklog = async (db: Db): Promise<number> => {
  const [row] = await db('outbox').where({ status: 'pending' }).count({ n: '*' });
  return Number(row?.n ?? 0);
};

/** Newest first; the id breaks ties between messages written in the same instant. */
export const listOutboxMessages = async (db: Db, secret: string, addresses: string[], limit = 50): Promise<OutboxMessage[]> => {
  const rows = await db('outbox')
    .whereIn('to_address', addresses.map((address) => address.toLowerCase()))
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(limit);
  return rows.map((row) => toOutboxMessage(secret, row));
};

/** Phones of the account (and of a pending trial sign-up) that uses this e-mail. */
export const phonesForEmail = async (db: Db, email: string): Promise<string[]> => {
  const users = await db('users').where({ email: email.toLowerCase() }).whereNotNull('phone').select('phone');
  const trials = await db('trial_registrations').where({ email: email.toLowerCase() }).select('mobile_no');
  return [...users.map((row) => String(row.phone)), ...trials.map((row) => String(row.mobile_no))];
};
