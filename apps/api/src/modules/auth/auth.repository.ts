import type { Knex } from 'knex';
import { asDate, asDateOrNull, dbClient, type Db, rawRows } from '../../db/knex';

type Executor = Db | Knex.Transaction;

export type SessionRecord = { id: number; userId: number; expiresAt: Date; revokedAt: Date | null };

export const insertSession = async (
  db: Executor,
  session: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> => {
  await db('sessions').insert({
    user_id: session.userId,
    token_hash: session.tokenHash,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    ip: session.ip,
    user_agent: session.userAgent?.slice(0, 255) ?? null,
  });
};

export const findSessionByHash = async (db: Executor, tokenHash: string): Promise<SessionRecord | undefined> => {
  const row = await db('sessions').where({ token_hash: tokenHash }).first();
  if (!row) return undefined;
  return { id: Number(row.id), userId: Number(row.user_id), expiresAt: asDate(row.expires_at), revokedAt: asDateOrNull(row.revoked_at) };
};

/**
 * The session and its user's role names in one statement (every authenticated request reads both): one row
 * per role, or one with a null role. Read on every request, so a revocation counts at once, on every instance.
 */
/**
 * The session, its user's roles and the merchant the user owns (null for staff and store members), in one
 * statement: every signed-in request asks, and the merchant is what most of them act on (issue 12).
 */
export const findSessionWithRoles = async (db: Executor, tokenHash: string): Promise<{ session: SessionRecord; roles: string[]; ownedMerchantId: number | null } | undefined> => {
  const rows = await rawRows<{ id: unknown; user_id: unknown; expires_at: unknown; revoked_at: unknown; role: string | null; owned_merchant_id: unknown }>(
    db,
    'select sessions.id, sessions.user_id, sessions.expires_at, sessions.revoked_at, roles.name as role, (select merchants.id from merchants where merchants.owner_user_id = sessions.user_id limit 1) as owned_merchant_id from sessions left join user_roles on user_roles.user_id = sessions.user_id left join roles on roles.id = user_roles.role_id where sessions.token_hash = ? order by roles.name',
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const session = { id: Number(row.id), userId: Number(row.user_id), expiresAt: asDate(row.expires_at), revokedAt: asDateOrNull(row.revoked_at) };
  return { session, roles: rows.flatMap((r) => (r.role === null ? [] : [r.role])), ownedMerchantId: row.owned_merchant_id === null ? null : Number(row.owned_merchant_id) };
};

export const revokeSessionByHash = async (db: Executor, tokenHash: string, now: Date): Promise<void> => {
  await db('sessions').where({ token_hash: tokenHash }).whereNull('revoked_at').update({ revoked_at: now });
};

export const revokeAllSessionsOf = async (db: Executor, userId: number, now: Date): Promise<void> => {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
};

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
