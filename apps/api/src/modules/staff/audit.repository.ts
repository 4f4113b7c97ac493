import type { Knex } from 'knex';

type Exec = Knex | Knex.Transaction;

export type AuditEntry = { actorUserId: number; merchantId: number | null; action: string; details?: Record<string, unknown>; ip?: string | null; at: number };

/** Secrets never reach the audit log, even when staff send them. */
const REDACTED = new Set(['password', 'password_confirmation', 'cvc', 'number', 'client_secret', 'token']);

const redact = (details: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, REDACTED.has(key) ? '[redacted]' : value]));

export const writeAudit = async (db: Exec, entry: AuditEntry): Promise<void> => {
  await db('audit_log').insert({
    actor_user_id: entry.actorUserId,
    merchant_id: entry.merchantId,
    action: entry.action,
    details: entry.details ? JSON.stringify(redact(entry.details)) : null,
    ip: entry.ip ?? null,
    created_at: entry.at,
  });
};

export type AuditRow = { id: number; actor: { id: number; name: string; email: string }; merchant_id: number | null; action: string; details: Record<string, unknown> | null; ip: string | null; created: number };

export const listAudit = async (db: Exec, filter: { merchantId?: number; beforeId?: number; limit: number }): Promise<AuditRow[]> => {
  const query = db('audit_log')
    .join('users', 'users.id', 'audit_log.actor_user_id')
    .select('audit_log.*', 'users.name as actor_name', 'users.email as actor_email')
    .orderBy('audit_log.id', 'desc')
    .limit(filter.limit);
  if (filter.merchantId) query.where('audit_log.merchant_id', filter.merchantId);
  if (filter.beforeId) query.where('audit_log.id', '<', filter.beforeId);
  return (await query).map((row) => ({
    id: Number(row.id),
    actor: { id: Number(row.actor_user_id), name: String(row.actor_name), email: String(row.actor_email) },
    merchant_id: row.merchant_id === null ? null : Number(row.merchant_id),
    action: String(row.action),
    details: row.details ? (JSON.parse(String(row.details)) as Record<string, unknown>) : null,
    ip: row.ip ?? null,
    created: Number(row.created_at),
  }));
};
