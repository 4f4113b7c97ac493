import type { Knex } from 'knex';
import { addSeconds } from '../../clock';
import { asDate, asDateOrNull, type Db } from '../../db/knex';
import { DomainError } from '../../domain-error';
import { newOpaqueToken, sha256Hex } from '../../security/crypto';

type Executor = Db | Knex.Transaction;
export type UserTokenTable = 'password_reset_tokens' | 'activation_tokens';

/** Reset links live an hour; activation links a week. */
export const TOKEN_TTL_SECONDS: Record<UserTokenTable | 'merchant_creation_tokens', number> = {
  password_reset_tokens: 60 * 60,
  activation_tokens: 7 * 24 * 60 * 60,
  merchant_creation_tokens: 7 * 24 * 60 * 60,
};

export const issueUserToken = async (db: Executor, table: UserTokenTable, userId: number, now: Date): Promise<string> => {
  const token = newOpaqueToken();
  await db(table).insert({ user_id: userId, token_hash: sha256Hex(token), created_at: now, expires_at: addSeconds(now, TOKEN_TTL_SECONDS[table]) });
  return token;
};

type TokenRow = { id: number; expiresAt: Date; usedAt: Date | null; row: Record<string, unknown> };

const findToken = async (db: Executor, table: string, token: string): Promise<TokenRow | undefined> => {
  const row = await db(table).where({ token_hash: sha256Hex(token) }).first();
  return row ? { id: Number(row.id), expiresAt: asDate(row.expires_at), usedAt: asDateOrNull(row.used_at), row } : undefined;
};

/** A usable token's row, or the reason it is not usable (unknown and used look the same from outside). */
export const peekToken = async (db: Executor, table: string, token: string, now: Date): Promise<Record<string, unknown>> => {
  const found = await findToken(db, table, token);
  if (!found || found.usedAt) throw new DomainError('token_invalid');
  if (found.expiresAt <= now) throw new DomainError('token_expired');
  return found.row;
};

/** Marks the token used with a conditional update, so two racing requests cannot both spend it. */
export const consumeToken = async (db: Executor, table: string, token: string, now: Date): Promise<Record<string, unknown>> => {
  const row = await peekToken(db, table, token, now);
  const updated = await db(table).where({ id: row.id }).whereNull('used_at').update({ used_at: now });
  if (updated !== 1) throw new DomainError('token_invalid');
  return row;
};
