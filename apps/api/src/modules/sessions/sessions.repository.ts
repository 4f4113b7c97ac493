import type { Knex } from 'knex';
import { asDate, asDateOrNull, type Db, rawRows } from '../../db/knex';

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
