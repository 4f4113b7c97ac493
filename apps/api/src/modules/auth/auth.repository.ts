import type { Knex } from 'knex';
import { asDateOrNull, dbClient, type Db } from '../../db/knex';

type Executor = Db | Knex.Transaction;

export type CodePurpose = 'login' | 'trial';

export type CodeRecord = {
  id: number;
  purpose: CodePurpose;
  subject: string;
  userId: number | null;
  codeHash: string | null;
  sentAt: Date | null;
  expiresAt: Date | null;
  attemptsLeft: number;
  lastAttemptAt: Date | null;
  bannedUntil: Date | null;
  verifiedAt: Date | null;
};

const toCodeRecord = (row: Record<string, unknown>): CodeRecord => ({
  id: Number(row.id),
  purpose: row.purpose as CodePurpose,
  subject: String(row.subject),
  userId: row.user_id === null || row.user_id === undefined ? null : Number(row.user_id),
  codeHash: (row.code_hash as string | null) ?? null,
  sentAt: asDateOrNull(row.sent_at),
  expiresAt: asDateOrNull(row.expires_at),
  attemptsLeft: Number(row.attempts_left),
  lastAttemptAt: asDateOrNull(row.last_attempt_at),
  bannedUntil: asDateOrNull(row.banned_until),
  verifiedAt: asDateOrNull(row.verified_at),
});

/** Reads the code row inside a transaction, locking it on PostgreSQL so parallel guesses are counted. */
export const findCodeForUpdate = async (trx: Knex.Transaction, purpose: CodePurpose, subject: string): Promise<CodeRecord | undefined> => {
  let query = trx('one_time_codes').where({ purpose, subject });
  if (dbClient(trx) === 'postgres') query = query.forUpdate();
  const row = await query.first();
  return row ? toCodeRecord(row) : undefined;
};

export const findCode = async (db: Executor, purpose: CodePurpose, subject: string): Promise<CodeRecord | undefined> => {
  const row = await db('one_time_codes').where({ purpose, subject }).first();
  return row ? toCodeRecord(row) : undefined;
};

export type CodeChanges = Partial<{
  code_hash: string | null;
  sent_at: Date | null;
  expires_at: Date | null;
  attempts_left: number;
  last_attempt_at: Date | null;
  banned_until: Date | null;
  verified_at: Date | null;
  user_id: number | null;
}>;

export const insertCode = async (
  db: Executor,
  purpose: CodePurpose,
  subject: string,
  changes: CodeChanges & { attempts_left: number },
  now: Date,
): Promise<void> => {
  await db('one_time_codes').insert({ purpose, subject, ...changes, created_at: now, updated_at: now });
};

export const updateCode = async (db: Executor, id: number, changes: CodeChanges, now: Date): Promise<void> => {
  await db('one_time_codes').where({ id }).update({ ...changes, updated_at: now });
};
