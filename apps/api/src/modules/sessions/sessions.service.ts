import type { Clock } from '../../clock';
import { addSeconds } from '../../clock';
import type { Db } from '../../db/knex';
import { DomainError } from '../../domain-error';
import { newOpaqueToken, sha256Hex } from '../../security/crypto';
import { findSessionByHash, findSessionWithRoles, insertSession, revokeAllSessionsOf, revokeSessionByHash, type SessionRecord } from './sessions.repository';

/** 15 days: the spec's auth-cookie "lifetime 15" read as days. */
export const SESSION_TTL_SECONDS = 15 * 24 * 60 * 60;

export type Sessions = {
  create: (userId: number, meta: { ip: string | null; userAgent: string | null }) => Promise<{ token: string; expiresAt: Date }>;
  resolve: (token: string) => Promise<{ sessionId: number; userId: number; expiresAt: Date }>;
  /** {@link resolve} plus the user's role names (sorted) and the merchant the user owns, read in the same statement. */
  resolveWithRoles: (token: string) => Promise<{ sessionId: number; userId: number; expiresAt: Date; roles: string[]; ownedMerchantId: number | null }>;
  revoke: (token: string) => Promise<void>;
  revokeAllOf: (userId: number) => Promise<void>;
};

/** A session that may still be used: not revoked, not expired. */
const live = (deps: { clock: Clock }, session: SessionRecord | undefined): { sessionId: number; userId: number; expiresAt: Date } => {
  if (!session || session.revokedAt) throw new DomainError('unauthenticated');
  if (session.expiresAt <= deps.clock.now()) throw new DomainError('session_expired');
  return { sessionId: session.id, userId: session.userId, expiresAt: session.expiresAt };
};

/** Opaque random tokens; only their SHA-256 is stored, so a database leak yields no usable session. */
export const createSessions = (deps: { db: Db; clock: Clock }): Sessions => ({
  create: async (userId, meta) => {
    const now = deps.clock.now();
    const token = newOpaqueToken();
    const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
    await insertSession(deps.db, { userId, tokenHash: sha256Hex(token), createdAt: now, expiresAt, ...meta });
    return { token, expiresAt };
  },
  resolve: async (token) => live(deps, await findSessionByHash(deps.db, sha256Hex(token))),
  resolveWithRoles: async (token) => {
    const found = await findSessionWithRoles(deps.db, sha256Hex(token));
    return { ...live(deps, found?.session), roles: found?.roles ?? [], ownedMerchantId: found?.ownedMerchantId ?? null };
  },
  revoke: (token) => revokeSessionByHash(deps.db, sha256Hex(token), deps.clock.now()),
  revokeAllOf: (userId) => revokeAllSessionsOf(deps.db, userId, deps.clock.now()),
});
