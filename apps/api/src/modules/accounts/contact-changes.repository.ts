import type { Knex } from 'knex';
import { addSeconds } from '../../clock';
import { asDate, type Db } from '../../db/knex';
import { newOpaqueToken, sha256Hex } from '../../security/crypto';
import { consumeToken, peekToken } from './tokens.repository';

type Executor = Db | Knex.Transaction;

/** The old address may read its mail late: a report link lives 30 days. */
export const CONTACT_CHANGE_REPORT_TTL_SECONDS = 30 * 24 * 60 * 60;

export type ContactChange = { userId: number; oldEmail: string; newEmail: string; oldPhone: string | null; newPhone: string | null; changedByUserId: number | null };
export type ContactChangeRecord = ContactChange & { createdAt: Date };

const toRecord = (row: Record<string, unknown>): ContactChangeRecord => ({
  userId: Number(row.user_id),
  oldEmail: String(row.old_email),
  newEmail: String(row.new_email),
  oldPhone: (row.old_phone as string | null) ?? null,
  newPhone: (row.new_phone as string | null) ?? null,
  changedByUserId: row.changed_by_user_id === null || row.changed_by_user_id === undefined ? null : Number(row.changed_by_user_id),
  createdAt: asDate(row.created_at),
});

/** Records a change of e-mail or phone and answers the token of its report link. */
export const insertContactChange = async (db: Executor, change: ContactChange, now: Date): Promise<string> => {
  const token = newOpaqueToken();
  await db('contact_change_reports').insert({
    user_id: change.userId,
    token_hash: sha256Hex(token),
    old_email: change.oldEmail,
    new_email: change.newEmail,
    old_phone: change.oldPhone,
    new_phone: change.newPhone,
    changed_by_user_id: change.changedByUserId,
    created_at: now,
    expires_at: addSeconds(now, CONTACT_CHANGE_REPORT_TTL_SECONDS),
  });
  return token;
};

/** The change behind a usable report link (token_invalid / token_expired otherwise). */
export const peekContactChange = async (db: Executor, token: string, now: Date): Promise<ContactChangeRecord> => toRecord(await peekToken(db, 'contact_change_reports', token, now));

/** Spends the report link (a second report of the same link is refused). */
export const consumeContactChange = async (db: Executor, token: string, now: Date): Promise<ContactChangeRecord> => toRecord(await consumeToken(db, 'contact_change_reports', token, now));

/** Every reset link of the user still open is spent: one sent to an address a report undoes must not work. */
export const spendOpenResetLinks = async (db: Executor, userId: number, now: Date): Promise<void> => {
  await db('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
};

/** The merchant a user belongs to: the one they own, else the first whose store they work in. */
export const merchantIdOfUser = async (db: Executor, userId: number): Promise<number | null> => {
  const owned = await db('merchants').where({ owner_user_id: userId }).first('id');
  if (owned) return Number(owned.id);
  const member = await db('store_users').join('stores', 'stores.id', 'store_users.store_id').where('store_users.user_id', userId).orderBy('stores.id').first('stores.merchant_id');
  return member ? Number(member.merchant_id) : null;
};
