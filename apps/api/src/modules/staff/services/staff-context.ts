import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_APPROVAL_THRESHOLD_MINOR, fourEyes } from '@merchant-hub/billing-rules';
import type { StaffRole } from '@merchant-hub/validation';
import type { LedgerLabel } from '@merchant-hub/domain';
import type { Knex } from 'knex';
import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../http/errors';
import { DomainError } from '../../../domain-error';
import { billingFor, readBillingAccount } from '../../billing';
import { writeAudit } from '../../audit';
import { readSettings } from '../../settings';
import { findMerchantByOwner, ledgerEntryIdAfter, type MerchantRef, unapprovedAmountsSince } from '../repositories';

/** Who is acting: the staff member, the role they hold now, and where the request came from. */
export type StaffActor = { userId: number; role: StaffRole; ip: string | null };

export const encodeCursor = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
export const decodeCursor = <T>(cursor: string | undefined, valid: (value: unknown) => value is T): T | null => {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (valid(value)) return value;
  } catch {
    // fall through: a cursor the API did not make
  }
  throw new AppError('validation_failed', { details: { fields: { cursor: 'validation:staff.cursorInvalid' } } });
};

export const isDirectoryCursor = (v: unknown): v is { v: string | number; id: number } =>
  typeof v === 'object' && v !== null && (typeof (v as { v: unknown }).v === 'string' || typeof (v as { v: unknown }).v === 'number') && Number.isInteger((v as { id: unknown }).id);
export const isTimelineCursor = (v: unknown): v is { at: number; id: string } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { at: unknown }).at) && typeof (v as { id: unknown }).id === 'string';
export const isIdCursor = (v: unknown): v is { id: number } => typeof v === 'object' && v !== null && Number.isInteger((v as { id: unknown }).id);

/** What every staff capability shares: the app, its clock, the merchant lookup and the audited unit of work. */
export const createStaffContext = (deps: AppDeps) => {
  const { db, clock, config } = deps;
  const seconds = (): number => Math.floor(clock.now().getTime() / 1000);
  const billing = () => billingFor(deps);

  const requireMerchant = async (userId: number): Promise<MerchantRef> => {
    const merchant = await findMerchantByOwner(db, userId);
    if (!merchant) throw new AppError('not_found');
    return merchant;
  };

  /**
   * Runs a staff change and its audit entry in one transaction: if the change fails, its entry is rolled back
   * with it, and a `refused` entry (with the error code) is written on its own afterwards. `reason: null` for a
   * staff-internal change (a note, a tag): the merchant's own view of staff access lists only entries with a reason.
   */
  const audited = async <T>(
    actor: StaffActor,
    entry: { merchantId: number | null; action: string; reason: string | null; details?: Record<string, unknown> },
    /** `action`, when given, replaces the entry's (a change that turns out to be a request for approval). */
    change: (tx: Knex.Transaction) => Promise<{ result: T; action?: string; before?: Record<string, unknown>; after?: Record<string, unknown> }>,
    options: { withTransaction?: <R>(fn: (tx: Knex.Transaction) => Promise<R>) => Promise<R> } = {},
  ): Promise<T> => {
    const base = { actorUserId: actor.userId, merchantId: entry.merchantId, action: entry.action, reason: entry.reason, ip: actor.ip, actorRole: actor.role, details: entry.details };
    const run = options.withTransaction ?? (<R>(fn: (tx: Knex.Transaction) => Promise<R>) => db.transaction(fn));
    try {
      return await run(async (tx) => {
        const done = await change(tx);
        await writeAudit(tx, { ...base, action: done.action ?? base.action, at: seconds(), before: done.before ?? null, after: done.after ?? null });
        return done.result;
      });
    } catch (error) {
      if (error instanceof DomainError) await writeAudit(db, { ...base, at: seconds(), outcome: 'refused', errorCode: error.code });
      throw error;
    }
  };

  /**
   * A change that is a message, not a row (an e-mail sent): it runs first, then its entry is written; a
   * refusal is written as `refused`. (Sending inside a transaction would hold SQLite's only connection.)
   */
  const auditedEffect = async <T>(
    actor: StaffActor,
    entry: { merchantId: number | null; action: string; reason: string; details?: Record<string, unknown> },
    effect: () => Promise<{ result: T; after?: Record<string, unknown> }>,
  ): Promise<T> => {
    const base = { actorUserId: actor.userId, merchantId: entry.merchantId, action: entry.action, reason: entry.reason, ip: actor.ip, actorRole: actor.role, details: entry.details };
    let done: { result: T; after?: Record<string, unknown> };
    try {
      done = await effect();
    } catch (error) {
      if (error instanceof DomainError) await writeAudit(db, { ...base, at: seconds(), outcome: 'refused', errorCode: error.code });
      throw error;
    }
    await writeAudit(db, { ...base, at: seconds(), after: done.after ?? null });
    return done.result;
  };

  /** The merchant's billing transaction (account row locked) as the audited unit of work. */
  const inMerchantTx =
    (merchantId: number) =>
    async <R>(fn: (tx: Knex.Transaction) => Promise<R>): Promise<R> =>
      (await billing().engine.withMerchant(merchantId, (ctx) => fn(ctx.tx))) as R;

  /**
   * The four-eyes check of a new money movement (credit adjustment or refund) by `staffId` for the merchant,
   * read with `exec` (in the merchant's locked transaction on commit, so two commits cannot both see the
   * window empty). The threshold and the window are the console settings superadmins set (issue 27 capability 4).
   */
  const fourEyesOf = async (exec: Knex | Knex.Transaction, staffId: number, merchantId: number, currency: string, amountMinor: number) => {
    const settings = await readSettings(exec);
    const thresholdMinor = (settings.approvalThresholdMinor as Record<string, number>)[currency] ?? DEFAULT_APPROVAL_THRESHOLD_MINOR;
    const windowAmountsMinor = await unapprovedAmountsSince(exec, staffId, merchantId, seconds() - settings.approvalWindowHours * 3600);
    return { thresholdMinor, windowHours: settings.approvalWindowHours, ...fourEyes({ amountMinor, windowAmountsMinor, thresholdMinor }) };
  };

  /**
   * A preview's token: what the preview saw, signed with the session secret, so its commit can tell whether
   * anything changed since (then `stale_preview`). `purpose` keeps one kind's token from passing as another's.
   */
  const previewTokens = <Claims>(purpose: string) => {
    const sign = (payload: string): string => createHmac('sha256', config.sessionSecret).update(`${purpose}:${payload}`).digest('base64url');
    return {
      issue: (claims: Claims): string => {
        const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
        return `${payload}.${sign(payload)}`;
      },
      read: (token: string): Claims => {
        const [payload, mac] = token.split('.');
        const expected = payload ? sign(payload) : '';
        if (!payload || !mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw new AppError('stale_preview');
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
      },
    };
  };

  /** Ledger amounts: a credit lowers what the merchant owes (negative), a debit raises it. */
  const ledgerAmountOf = (direction: 'credit' | 'debit', amountMinor: number): number => (direction === 'credit' ? -amountMinor : amountMinor);

  /**
   * Writes a staff adjustment's ledger entry inside the merchant's locked billing transaction; the balances before
   * and after are the merchant's way (credit positive).
   */
  const applyToLedger = async (tx: Knex.Transaction, merchantId: number, entry: { direction: 'credit' | 'debit'; amount: number; description: string; label?: LedgerLabel | null }): Promise<{ ledgerEntryId: string; before: number; after: number }> => {
    const { engine } = billing();
    const state = await readBillingAccount(tx, merchantId);
    if (!state) throw new AppError('not_found');
    const now = await engine.nowFor(tx, merchantId);
    const before = state.balance;
    await engine.addLedgerEntry(tx, state, { type: 'adjustment', description: entry.description, label: entry.label, amount: ledgerAmountOf(entry.direction, entry.amount), now });
    return { ledgerEntryId: (await ledgerEntryIdAfter(tx, merchantId)) as string, before: -before, after: -state.balance };
  };

  return { deps, db, clock, config, seconds, billing, requireMerchant, audited, auditedEffect, inMerchantTx, previewTokens, fourEyesOf, applyToLedger, ledgerAmountOf };
};

export type StaffContext = ReturnType<typeof createStaffContext>;
