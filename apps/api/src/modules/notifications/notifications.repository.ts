import type { Db } from '../../db/knex';
import { asDate } from '../../db/knex';
import { decryptText, encryptText } from '../../security/crypto';

export type OutboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  kind: string;
  createdAt: Date;
};

export const insertOutboxMessage = async (
  db: Db,
  secret: string,
  message: Omit<OutboxMessage, 'id' | 'createdAt'> & { createdAt: Date },
): Promise<void> => {
  await db('outbox').insert({
    channel: message.channel,
    to_address: message.to.toLowerCase(),
    subject: message.subject,
    body_encrypted: encryptText(secret, message.text),
    kind: message.kind,
    created_at: message.createdAt,
  });
};

/** Newest first; the id breaks ties between messages written in the same instant. */
export const listOutboxMessages = async (db: Db, secret: string, addresses: string[], limit = 50): Promise<OutboxMessage[]> => {
  const rows = await db('outbox')
    .whereIn('to_address', addresses.map((address) => address.toLowerCase()))
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(limit);
  return rows.map((row) => ({
    id: Number(row.id),
    channel: row.channel,
    to: row.to_address,
    subject: row.subject,
    text: decryptText(secret, row.body_encrypted),
    kind: row.kind,
    createdAt: asDate(row.created_at),
  }));
};

/** Phones of the account (and of a pending trial sign-up) that uses this e-mail. */
export const phonesForEmail = async (db: Db, email: string): Promise<string[]> => {
  const users = await db('users').where({ email: email.toLowerCase() }).whereNotNull('phone').select('phone');
  const trials = await db('trial_registrations').where({ email: email.toLowerCase() }).select('mobile_no');
  return [...users.map((row) => String(row.phone)), ...trials.map((row) => String(row.mobile_no))];
};
