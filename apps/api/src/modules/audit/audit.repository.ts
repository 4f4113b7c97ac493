import type { AuditEntry as AuditEntryDto } from '@merchant-hub/validation';
import type { Knex } from 'knex';

type Exec = Knex | Knex.Transaction;

export type AuditOutcome = 'attempted' | 'succeeded' | 'refused';

/**
 * One audit entry. The log is append-only (a database trigger refuses UPDATE and DELETE): this module only
 * inserts and reads. Write an entry with the same executor (transaction) as the change it records.
 */
export type AuditEntry = {
  actorUserId: number;
  merchantId: number | null;
  action: string;
  details?: Record<string, unknown>;
  ip?: string | null;
  at: number;
  reason?: string | null;
  /** `attempted`: written (and committed) before a gateway call; its outcome is a second entry naming it. */
  outcome?: AuditOutcome;
  errorCode?: string | null;
  /** The `attempted` entry this outcome answers. */
  attemptId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  actorRole?: string | null;
};

/** Secrets never reach the audit log, even when staff send them. */
const REDACTED = new Set(['password', 'password_confirmation', 'cvc', 'number', 'client_secret', 'token', 'preview_token']);

const redact = (details: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, REDACTED.has(key) ? '[redacted]' : value]));

const json = (value: Record<string, unknown> | null | undefined): string | null => (value ? JSON.stringify(value) : null);

/** Inserts one entry and answers its id. */
export const writeAudit = async (db: Exec, entry: AuditEntry): Promise<number> => {
  const [row] = await db('audit_log')
    .insert({
      actor_user_id: entry.actorUserId,
      merchant_id: entry.merchantId,
      action: entry.action,
      details: entry.details ? JSON.stringify(redact(entry.details)) : null,
      ip: entry.ip ?? null,
      created_at: entry.at,
      reason: entry.reason ?? null,
      outcome: entry.outcome ?? 'succeeded',
      error_code: entry.errorCode ?? null,
      before_summary: json(entry.before),
      after_summary: json(entry.after),
      actor_role: entry.actorRole ?? null,
      attempt_id: entry.attemptId ?? null,
    })
    .returning('id');
  return Number(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
};

const parse = (value: unknown): Record<string, unknown> | null => (value ? (JSON.parse(String(value)) as Record<string, unknown>) : null);

export type AuditRow = { id: number; actor: { id: number; name: string; email: string }; merchant_id: number | null; action: string; details: Record<string, unknown> | null; ip: string | null; created: number };

/** The legacy shape of GET /api/staff/audit-log. */
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
    details: parse(row.details),
    ip: row.ip ?? null,
    created: Number(row.created_at),
  }));
};

export type AuditFilter = { staffId?: number; merchantId?: number | null; action?: string; from?: number; to?: number; beforeId?: number; limit: number };

/** The audit log under filters, newest first; `merchantId: null` means "a merchant that does not exist". */
export const searchAudit = async (db: Exec, filter: AuditFilter): Promise<AuditEntryDto[]> => {
  const query = db('audit_log as a')
    .join('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select('a.*', 'u.email as actor_email', 'm.owner_user_id', 'm.name as merchant_name', 'm.currency_code as merchant_currency')
    .orderBy('a.id', 'desc')
    .limit(filter.limit);
  if (filter.staffId) query.where('a.actor_user_id', filter.staffId);
  if (filter.merchantId !== undefined) query.where('a.merchant_id', filter.merchantId ?? -1);
  if (filter.action) query.where('a.action', filter.action);
  if (filter.from !== undefined) query.where('a.created_at', '>=', filter.from);
  if (filter.to !== undefined) query.where('a.created_at', '<=', filter.to);
  if (filter.beforeId) query.where('a.id', '<', filter.beforeId);
  return (await query).map((row) => ({
    id: Number(row.id),
    at: Number(row.created_at),
    staff: { id: Number(row.actor_user_id), email: String(row.actor_email) },
    merchant: row.owner_user_id === null || row.owner_user_id === undefined ? null : { user_id: Number(row.owner_user_id), name: String(row.merchant_name), ...(row.merchant_currency ? { currency: String(row.merchant_currency) } : {}) },
    action: String(row.action),
    reason: row.reason ? String(row.reason) : null,
    ip: row.ip ? String(row.ip) : null,
    before: parse(row.before_summary),
    after: parse(row.after_summary),
    outcome: row.outcome === 'refused' || row.outcome === 'attempted' ? row.outcome : 'succeeded',
    error_code: row.error_code ? String(row.error_code) : null,
    attempt_id: row.attempt_id === null || row.attempt_id === undefined ? null : Number(row.attempt_id),
  }));
};

/** A repeat within this window is the same visit: a visit, and each kind of read staff make, is logged once per visit. */
export const VISIT_WINDOW_SECONDS = 30 * 60;

/**
 * When this staff member last logged `action` for the merchant (unix seconds), if ever; with `details`, only an
 * entry with the same details counts (one invoice read is not another's).
 */
export const lastEntryAt = async (db: Exec, staffId: number, merchantId: number, action: string, details?: Record<string, unknown>): Promise<number | null> => {
  const query = db('audit_log').where({ actor_user_id: staffId, merchant_id: merchantId, action });
  if (details) query.where('details', JSON.stringify(redact(details)));
  const row = await query.max({ at: 'created_at' }).first();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
};

/** When this staff member last logged a visit to the merchant (unix seconds), if ever. */
export const lastVisitAt = (db: Exec, staffId: number, merchantId: number): Promise<number | null> => lastEntryAt(db, staffId, merchantId, 'merchant.viewed');

/** Whether `at` falls in the visit of an entry logged at `last` (so nothing new is logged). */
export const sameVisit = (last: number | null, at: number): boolean => last !== null && at - last < VISIT_WINDOW_SECONDS;

/**
 * Staff entries with a reason that changed nothing on the merchant's account: a request waiting for a second
 * staff member and its rejection. Their approval is the change the merchant sees.
 */
const NO_CHANGE_ACTIONS: readonly string[] = ['credit.adjust_requested', 'credit.reject', 'refund.request_approval', 'refund.reject', 'subscription.comp_month_requested'];

/**
 * What a merchant sees of staff access: visits (once per visit) and the changes staff made, with their reason;
 * no staff identity, only the role. Requests and rejections are not changes (issue 27 §1).
 */
export const staffAccessOf = async (db: Exec, merchantId: number, limit: number) =>
  (
    await db('audit_log')
      .where({ merchant_id: merchantId, outcome: 'succeeded' })
      .whereNotNull('actor_role')
      .where((q) => q.where('action', 'merchant.viewed').orWhereNotNull('reason'))
      .whereNotIn('action', NO_CHANGE_ACTIONS)
      .orderBy('id', 'desc')
      .limit(limit)
      .select('created_at', 'action', 'reason', 'actor_role')
  ).map((row) => ({
    at: Number(row.created_at),
    action: String(row.action),
    reason: row.reason ? String(row.reason) : null,
    staff_role: row.actor_role === 'superadmin' ? ('superadmin' as const) : ('support' as const),
  }));

/** How many refused attempts this user has in the log since `since` (unix seconds). */
export const countRefusedSince = async (db: Exec, actorUserId: number, since: number): Promise<number> => {
  const row = await db('audit_log').where({ actor_user_id: actorUserId, outcome: 'refused' }).where('created_at', '>=', since).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
};
