import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  AuditQuery,
  ClockAdvanceResult,
  ClockEffect,
  CreditAdjustmentPreview,
  CreditAdjustmentResult,
  MerchantDetail,
  MerchantDirectoryPage,
  MerchantDirectoryQuery,
  StaffRole,
  TimelinePage,
} from '@merchant-hub/validation';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { advanceMerchantClock } from '../../jobs/billing-scheduler';
import { createAccountsService } from '../accounts/accounts.service';
import { billingFor } from '../billing/billing.context';
import { addMonthsUtc } from '../billing/billing.engine';
import { findInvoice, newId, readBillingAccount } from '../billing/billing.repository';
import { lastVisitAt, searchAudit, staffAccessOf, writeAudit } from './audit.repository';
import {
  billingAccountState,
  cardsOf,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  countAttention,
  creditBalanceOf,
  findAdjustment,
  findIdempotent,
  findInvoiceRef,
  findMerchantById,
  findMerchantByOwner,
  findStaffUser,
  insertAdjustment,
  lastLedgerSeq,
  ledgerEntryIdAfter,
  liftLoginBan,
  listApprovals,
  merchantRowOf,
  openInvoicesOf,
  ownerOf,
  searchDirectory,
  setInvoiceStatus,
  storesOf,
  subscriptionOf,
  timelineOf,
  updateAdjustment,
  usersOf,
  type AdjustmentRecord,
  type MerchantRef,
} from './staff.repository';

/** Who is acting: the staff member, the role they hold now, and where the request came from. */
export type StaffActor = { userId: number; role: StaffRole; ip: string | null };

/** A second staff member approves credits above these (minor units, per currency). */
export const APPROVAL_THRESHOLD_MINOR: Readonly<Record<string, number>> = { MYR: 50_000, SGD: 20_000, PHP: 500_000, THB: 300_000, TWD: 300_000 };
const DEFAULT_APPROVAL_THRESHOLD_MINOR = 20_000;
export const approvalThresholdOf = (currency: string): number => APPROVAL_THRESHOLD_MINOR[currency] ?? DEFAULT_APPROVAL_THRESHOLD_MINOR;

/** A repeat visit within this window is the same visit: viewing is logged once per visit, not per request. */
export const VISIT_WINDOW_SECONDS = 30 * 60;

const encodeCursor = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodeCursor = <T>(cursor: string | undefined, valid: (value: unknown) => value is T): T | null => {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (valid(value)) return value;
  } catch {
    // fall through: a cursor the API did not make
  }
  throw new AppError('validation_failed', { details: { fields: { cursor: 'validation:staff.cursorInvalid' } } });
};

const isDirectoryCursor = (v: unknown): v is { v: string | number; id: number } =>
  typeof v === 'object' && v !== null && (typeof (v as { v: unknown }).v === 'string' || typeof (v as { v: unknown }).v === 'number') && Number.isInteger((v as { id: unknown }).id);
const isTimelineCursor = (v: unknown): v is { at: number; id: string } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { at: unknown }).at) && typeof (v as { id: unknown }).id === 'string';
const isIdCursor = (v: unknown): v is { id: number } => typeof v === 'object' && v !== null && Number.isInteger((v as { id: unknown }).id);

const CSV_COLUMNS = ['id', 'at', 'staff_email', 'merchant_user_id', 'merchant_name', 'action', 'reason', 'ip', 'outcome', 'error_code', 'before', 'after'] as const;
const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const createStaffService = (deps: AppDeps) => {
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
   * with it, and a `refused` entry (with the error code) is written on its own afterwards.
   */
  const audited = async <T>(
    actor: StaffActor,
    entry: { merchantId: number | null; action: string; reason: string; details?: Record<string, unknown> },
    change: (tx: Knex.Transaction) => Promise<{ result: T; before?: Record<string, unknown>; after?: Record<string, unknown> }>,
    options: { withTransaction?: <R>(fn: (tx: Knex.Transaction) => Promise<R>) => Promise<R> } = {},
  ): Promise<T> => {
    const base = { actorUserId: actor.userId, merchantId: entry.merchantId, action: entry.action, reason: entry.reason, ip: actor.ip, actorRole: actor.role, details: entry.details };
    const run = options.withTransaction ?? (<R>(fn: (tx: Knex.Transaction) => Promise<R>) => db.transaction(fn));
    try {
      return await run(async (tx) => {
        const done = await change(tx);
        await writeAudit(tx, { ...base, at: seconds(), before: done.before ?? null, after: done.after ?? null });
        return done.result;
      });
    } catch (error) {
      if (error instanceof AppError) await writeAudit(db, { ...base, at: seconds(), outcome: 'refused', errorCode: error.code });
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
      if (error instanceof AppError) await writeAudit(db, { ...base, at: seconds(), outcome: 'refused', errorCode: error.code });
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

  // -------------------------------------------------------------------------------------------- reads

  const me = async (userId: number, role: StaffRole) => {
    const user = await findStaffUser(db, userId);
    if (!user) throw new AppError('unauthenticated');
    return { ...user, role };
  };

  const directory = async (query: MerchantDirectoryQuery): Promise<MerchantDirectoryPage> => {
    const cursor = decodeCursor(query.cursor, isDirectoryCursor);
    const { rows, sortValues } = await searchDirectory(db, query, cursor, seconds());
    const more = rows.length > query.limit;
    const data = rows.slice(0, query.limit);
    const last = data[data.length - 1];
    return { data, next_cursor: more && last ? encodeCursor({ v: sortValues[data.length - 1], id: last.merchant_id }) : null };
  };

  const attentionCounts = () => countAttention(db, seconds());

  const detail = async (userId: number): Promise<MerchantDetail> => {
    const merchant = await requireMerchant(userId);
    const now = seconds();
    const [row, owner, stores, users, subscription, balance, cards, openInvoices] = await Promise.all([
      merchantRowOf(db, merchant.id, now),
      ownerOf(db, merchant.ownerUserId),
      storesOf(db, merchant.id),
      usersOf(db, merchant.id, merchant.ownerUserId),
      subscriptionOf(db, merchant.id),
      creditBalanceOf(db, merchant.id),
      cardsOf(db, merchant.id),
      openInvoicesOf(db, merchant.id),
    ]);
    if (!row || !owner) throw new AppError('not_found');
    const bannedUntil = owner.bannedUntil && owner.bannedUntil.getTime() > clock.now().getTime() ? Math.floor(owner.bannedUntil.getTime() / 1000) : null;
    return {
      merchant: row,
      owner: { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone, locale: owner.locale, sign_in_banned_until: bannedUntil },
      stores,
      users,
      subscription,
      next_billing_at: row.next_billing_at,
      mrr_minor: row.mrr_minor,
      // The ledger keeps "negative is credit"; staff read a credit balance as a positive amount.
      credit_balance_minor: balance ? -balance.balance : 0,
      cards,
      open_invoices: openInvoices,
    };
  };

  const recordVisit = async (actor: StaffActor, userId: number): Promise<{ ok: true }> => {
    const merchant = await requireMerchant(userId);
    const last = await lastVisitAt(db, actor.userId, merchant.id);
    if (last === null || seconds() - last >= VISIT_WINDOW_SECONDS) {
      await writeAudit(db, { actorUserId: actor.userId, merchantId: merchant.id, action: 'merchant.viewed', ip: actor.ip, actorRole: actor.role, at: seconds() });
    }
    return { ok: true };
  };

  const timeline = async (userId: number, page: { cursor?: string; limit: number }): Promise<TimelinePage> => {
    const merchant = await requireMerchant(userId);
    const [owner, account] = await Promise.all([ownerOf(db, merchant.ownerUserId), billingAccountState(db, merchant.id)]);
    const cursor = decodeCursor(page.cursor, isTimelineCursor);
    const emails = [...new Set([owner?.email, account?.email?.toLowerCase()].filter((email): email is string => Boolean(email)))];
    const rows = await timelineOf(db, merchant, emails, cursor, page.limit);
    const more = rows.length > page.limit;
    const data = rows.slice(0, page.limit).map((row) => ({
      id: row.id,
      at: row.at,
      kind: row.kind as TimelinePage['data'][number]['kind'],
      title_key: row.key,
      params: row.params,
      ...(row.amount !== undefined ? { amount_minor: row.amount, currency: row.currency } : {}),
      ...(row.actor ? { actor: row.actor } : {}),
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.ref ? { ref: row.ref } : {}),
    }));
    const last = data[data.length - 1];
    return { data, next_cursor: more && last ? encodeCursor({ at: last.at, id: last.id }) : null };
  };

  // ------------------------------------------------------------------------------ credit adjustments

  type PreviewClaims = { m: number; s: number; b: number; d: 'credit' | 'debit'; a: number };
  const sign = (payload: string): string => createHmac('sha256', config.sessionSecret).update(`staff-credit-preview:${payload}`).digest('base64url');
  const issuePreviewToken = (claims: PreviewClaims): string => {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  };
  const readPreviewToken = (token: string): PreviewClaims => {
    const [payload, mac] = token.split('.');
    const expected = payload ? sign(payload) : '';
    if (!payload || !mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) throw new AppError('stale_preview');
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PreviewClaims;
  };

  /** Ledger amounts: a credit lowers what the merchant owes (negative), a debit raises it. */
  const ledgerAmountOf = (direction: 'credit' | 'debit', amountMinor: number): number => (direction === 'credit' ? -amountMinor : amountMinor);

  const previewCredit = async (userId: number, input: { direction: 'credit' | 'debit'; amount_minor: number }): Promise<CreditAdjustmentPreview> => {
    const merchant = await requireMerchant(userId);
    await billing().engine.withMerchant(merchant.id, async () => undefined);
    const account = await creditBalanceOf(db, merchant.id);
    const currency = account?.currency ?? merchant.currency;
    const balance = account?.balance ?? 0;
    const seq = await lastLedgerSeq(db, merchant.id);
    const threshold = approvalThresholdOf(currency);
    return {
      preview_token: issuePreviewToken({ m: merchant.id, s: seq, b: balance, d: input.direction, a: input.amount_minor }),
      balance_before_minor: -balance,
      balance_after_minor: -(balance + ledgerAmountOf(input.direction, input.amount_minor)),
      currency,
      requires_approval: input.amount_minor > threshold,
      approval_threshold_minor: threshold,
    };
  };

  const adjustmentResult = (record: Pick<AdjustmentRecord, 'id' | 'status' | 'ledgerEntryId'>): CreditAdjustmentResult => ({
    adjustment: { id: record.id, status: record.status, ledger_entry_id: record.ledgerEntryId },
  });

  /** Writes the ledger entry of an adjustment inside the merchant's locked billing transaction. */
  const applyToLedger = async (tx: Knex.Transaction, merchantId: number, entry: { direction: 'credit' | 'debit'; amount: number; description: string }): Promise<{ ledgerEntryId: string; before: number; after: number }> => {
    const { engine } = billing();
    const state = await readBillingAccount(tx, merchantId);
    if (!state) throw new AppError('not_found');
    const now = await engine.nowFor(tx, merchantId);
    const before = state.balance;
    await engine.addLedgerEntry(tx, state, { type: 'adjustment', description: entry.description, amount: ledgerAmountOf(entry.direction, entry.amount), now });
    return { ledgerEntryId: (await ledgerEntryIdAfter(tx, merchantId)) as string, before: -before, after: -state.balance };
  };

  const commitCredit = async (
    actor: StaffActor,
    userId: number,
    input: { preview_token: string; direction: 'credit' | 'debit'; amount_minor: number; description: string; reason: string },
  ): Promise<CreditAdjustmentResult> => {
    const merchant = await requireMerchant(userId);
    const claims = readPreviewToken(input.preview_token);
    const threshold = approvalThresholdOf(merchant.currency);
    const needsApproval = input.amount_minor > threshold;
    return audited(
      actor,
      { merchantId: merchant.id, action: needsApproval ? 'credit.adjust_requested' : 'credit.adjust', reason: input.reason, details: { direction: input.direction, amount_minor: input.amount_minor, description: input.description } },
      async (tx) => {
        const account = await billingAccountState(tx, merchant.id);
        const seq = await lastLedgerSeq(tx, merchant.id);
        if (claims.m !== merchant.id || claims.s !== seq || claims.b !== (account?.balance ?? 0) || claims.d !== input.direction || claims.a !== input.amount_minor) throw new AppError('stale_preview');
        const record = {
          id: newId('cadj'),
          merchantId: merchant.id,
          requestedBy: actor.userId,
          direction: input.direction,
          amount: input.amount_minor,
          currency: String(account?.currency ?? merchant.currency),
          description: input.description,
          reason: input.reason,
          status: needsApproval ? ('pending_approval' as const) : ('applied' as const),
          ledgerEntryId: null as string | null,
          reversesId: null,
          createdAt: seconds(),
        };
        if (needsApproval) {
          await insertAdjustment(tx, record);
          return { result: adjustmentResult(record), after: { status: record.status, amount_minor: record.amount, direction: record.direction } };
        }
        const applied = await applyToLedger(tx, merchant.id, record);
        record.ledgerEntryId = applied.ledgerEntryId;
        await insertAdjustment(tx, record);
        return { result: adjustmentResult(record), before: { credit_balance_minor: applied.before }, after: { credit_balance_minor: applied.after, ledger_entry_id: applied.ledgerEntryId } };
      },
      { withTransaction: inMerchantTx(merchant.id) },
    );
  };

  const requireAdjustment = async (id: string): Promise<AdjustmentRecord> => {
    const record = await findAdjustment(db, id);
    if (!record) throw new AppError('not_found');
    return record;
  };

  /** Undoes an applied adjustment with a linked opposite ledger entry; nothing is edited in the ledger. */
  const reverse = async (actor: StaffActor, adjustmentId: string, reason: string): Promise<CreditAdjustmentResult> => {
    const original = await requireAdjustment(adjustmentId);
    return audited(
      actor,
      { merchantId: original.merchantId, action: 'credit.reverse', reason, details: { adjustment_id: original.id } },
      async (tx) => {
        const current = await findAdjustment(tx, original.id);
        if (!current || current.status !== 'applied' || current.reversesId !== null) throw new AppError('adjustment_not_reversible');
        const direction = current.direction === 'credit' ? ('debit' as const) : ('credit' as const);
        const applied = await applyToLedger(tx, current.merchantId, { direction, amount: current.amount, description: `Reversal: ${current.description}`.slice(0, 255) });
        const record = {
          id: newId('cadj'),
          merchantId: current.merchantId,
          requestedBy: actor.userId,
          direction,
          amount: current.amount,
          currency: current.currency,
          description: `Reversal: ${current.description}`.slice(0, 255),
          reason,
          status: 'applied' as const,
          ledgerEntryId: applied.ledgerEntryId,
          reversesId: current.id,
          createdAt: seconds(),
        };
        await insertAdjustment(tx, record);
        await updateAdjustment(tx, current.id, { status: 'reversed', reversedById: record.id });
        return { result: adjustmentResult(record), before: { credit_balance_minor: applied.before }, after: { credit_balance_minor: applied.after, reverses: current.id } };
      },
      { withTransaction: inMerchantTx(original.merchantId) },
    );
  };

  const approvals = (status: 'pending' | 'approved' | 'rejected') => listApprovals(db, status).then((data) => ({ data }));

  const decide = async (actor: StaffActor, approvalId: string, decision: 'approve' | 'reject', reason: string): Promise<CreditAdjustmentResult> => {
    const pending = await requireAdjustment(approvalId);
    return audited(
      actor,
      { merchantId: pending.merchantId, action: decision === 'approve' ? 'credit.approve' : 'credit.reject', reason, details: { adjustment_id: pending.id } },
      async (tx) => {
        const current = await findAdjustment(tx, pending.id);
        if (!current || current.status !== 'pending_approval') throw new AppError('approval_not_pending');
        if (current.requestedBy === actor.userId) throw new AppError('approval_own_request');
        if (decision === 'reject') {
          await updateAdjustment(tx, current.id, { status: 'rejected', decidedBy: actor.userId, decidedAt: seconds() });
          return { result: adjustmentResult({ ...current, status: 'rejected' }), before: { status: current.status }, after: { status: 'rejected' } };
        }
        const applied = await applyToLedger(tx, current.merchantId, current);
        await updateAdjustment(tx, current.id, { status: 'applied', ledgerEntryId: applied.ledgerEntryId, decidedBy: actor.userId, decidedAt: seconds() });
        return { result: adjustmentResult({ ...current, status: 'applied', ledgerEntryId: applied.ledgerEntryId }), before: { credit_balance_minor: applied.before }, after: { credit_balance_minor: applied.after } };
      },
      { withTransaction: inMerchantTx(pending.merchantId) },
    );
  };

  // ------------------------------------------------------------------------------------ invoice actions

  const invoiceAction = async (actor: StaffActor, invoiceId: string, action: 'void' | 'mark-uncollectible' | 'resend', reason: string) => {
    const invoice = await findInvoiceRef(db, invoiceId);
    if (!invoice) throw new AppError('not_found');
    const auditAction = action === 'void' ? 'invoice.void' : action === 'resend' ? 'invoice.resend' : 'invoice.mark_uncollectible';
    if (action === 'resend') {
      return auditedEffect(actor, { merchantId: invoice.merchantId, action: auditAction, reason, details: { invoice_id: invoice.id, number: invoice.number } }, async () => {
        if (invoice.status !== 'open') throw new AppError('invoice_not_open');
        const merchant = await findMerchantById(db, invoice.merchantId);
        const owner = merchant ? await ownerOf(db, merchant.ownerUserId) : null;
        const account = await billingAccountState(db, invoice.merchantId);
        const to = account?.email ?? owner?.email ?? '';
        await deps.notifier.send({
          channel: 'email',
          to,
          subject: `Invoice ${invoice.number} from Merchant Hub`,
          text: `Your invoice ${invoice.number} is open. View and pay it here: ${config.publicUrl}/api/invoices/${invoice.id}`,
          kind: 'invoice_resent',
        });
        return { result: { invoice: { id: invoice.id, status: invoice.status } }, after: { sent_to: to } };
      });
    }
    return audited(
      actor,
      { merchantId: invoice.merchantId, action: auditAction, reason, details: { invoice_id: invoice.id, number: invoice.number } },
      async (tx) => {
        const current = await findInvoice(tx, invoice.id);
        if (!current || current.status !== 'open') throw new AppError('invoice_not_open');
        const { engine } = billing();
        const now = await engine.nowFor(tx, invoice.merchantId);
        if (action === 'void') {
          const state = await readBillingAccount(tx, invoice.merchantId);
          if (!state) throw new AppError('not_found');
          await engine.voidInvoice(tx, state, current, now);
        } else {
          await setInvoiceStatus(tx, current.id, 'uncollectible', now);
        }
        const status = action === 'void' ? 'void' : 'uncollectible';
        return { result: { invoice: { id: current.id, status } }, before: { status: current.status }, after: { status } };
      },
      { withTransaction: inMerchantTx(invoice.merchantId) },
    );
  };

  // ------------------------------------------------------------------------------------ account actions

  const passwordReset = async (actor: StaffActor, userId: number, reason: string): Promise<{ ok: true }> => {
    const merchant = await requireMerchant(userId);
    const owner = await ownerOf(db, merchant.ownerUserId);
    if (!owner) throw new AppError('not_found');
    return auditedEffect(actor, { merchantId: merchant.id, action: 'merchant.password_reset', reason }, async () => {
      // The accounts reset flow issues the token and sends the e-mail.
      await createAccountsService(deps).requestPasswordReset({ email: owner.email });
      return { result: { ok: true as const }, after: { sent_to: owner.email } };
    });
  };

  const liftSignInBan = async (actor: StaffActor, userId: number, reason: string): Promise<{ ok: true }> => {
    const merchant = await requireMerchant(userId);
    const owner = await ownerOf(db, merchant.ownerUserId);
    if (!owner) throw new AppError('not_found');
    return audited(actor, { merchantId: merchant.id, action: 'merchant.lift_sign_in_ban', reason }, async (tx) => {
      const wasBanned = owner.bannedUntil !== null && owner.bannedUntil.getTime() > clock.now().getTime();
      await liftLoginBan(tx, owner.email, clock.now());
      return { result: { ok: true as const }, before: { banned_until: wasBanned ? Math.floor((owner.bannedUntil as Date).getTime() / 1000) : null }, after: { banned_until: null } };
    });
  };

  // ------------------------------------------------------------------------------------------- audit log

  const auditFilterOf = async (query: Omit<AuditQuery, 'cursor' | 'limit'>) => {
    const merchant = query.merchant_user_id ? await findMerchantByOwner(db, query.merchant_user_id) : undefined;
    return { staffId: query.staff_id, merchantId: query.merchant_user_id ? (merchant?.id ?? null) : undefined, action: query.action, from: query.from, to: query.to };
  };

  const audit = async (query: AuditQuery) => {
    const cursor = decodeCursor(query.cursor, isIdCursor);
    const rows = await searchAudit(db, { ...(await auditFilterOf(query)), beforeId: cursor?.id, limit: query.limit + 1 });
    const data = rows.slice(0, query.limit);
    const last = data[data.length - 1];
    return { data, next_cursor: rows.length > query.limit && last ? encodeCursor({ id: last.id }) : null };
  };

  /** The whole filtered log as CSV, newest first, read in pages so memory stays flat. */
  const auditCsv = async (query: AuditQuery): Promise<string> => {
    const filter = await auditFilterOf(query);
    const lines = [CSV_COLUMNS.join(',')];
    let beforeId: number | undefined;
    for (;;) {
      const rows = await searchAudit(db, { ...filter, beforeId, limit: 1000 });
      for (const row of rows) {
        lines.push(
          [row.id, new Date(row.at * 1000).toISOString(), row.staff.email, row.merchant?.user_id, row.merchant?.name, row.action, row.reason, row.ip, row.outcome, row.error_code, row.before, row.after].map(csvCell).join(','),
        );
      }
      if (rows.length < 1000) break;
      beforeId = rows[rows.length - 1]?.id;
    }
    return `${lines.join('\r\n')}\r\n`;
  };

  const staffAccess = async (userId: number) => {
    const merchant = await findMerchantByOwner(db, userId);
    if (!merchant) return { data: [] };
    return { data: await staffAccessOf(db, merchant.id, 100) };
  };

  // ------------------------------------------------------------------------------------------- test clock

  const requireSandbox = (): void => {
    if (config.paymentGateway !== 'sandbox') throw new AppError('not_found');
  };

  const nextRenewalOf = async (merchantId: number): Promise<number | null> => {
    const sub = await subscriptionOf(db, merchantId);
    if (!sub) return null;
    const candidates = [sub.current_period_end, sub.ends_at, sub.scheduled_change?.at ?? null].filter((value): value is number => value !== null);
    return candidates.length > 0 ? Math.min(...candidates) : null;
  };

  const clockOf = async (userId: number) => {
    requireSandbox();
    const merchant = await requireMerchant(userId);
    return { now: await billing().engine.nowFor(db, merchant.id), next_renewal_at: await nextRenewalOf(merchant.id) };
  };

  const advanceClock = async (
    actor: StaffActor,
    userId: number,
    input: { by: { days?: number; months?: number; seconds?: number } | { to: 'next_renewal' }; reason: string },
  ): Promise<ClockAdvanceResult> => {
    requireSandbox();
    const merchant = await requireMerchant(userId);
    const { engine } = billing();
    const before = await engine.nowFor(db, merchant.id);
    let step: number;
    if ('to' in input.by) {
      const next = await nextRenewalOf(merchant.id);
      if (next === null) throw new AppError('no_subscription');
      step = Math.max(1, next - before + 1);
    } else {
      step = (input.by.days ?? 0) * 86_400 + (input.by.seconds ?? 0) + (input.by.months ? addMonthsUtc(before, input.by.months) - before : 0);
    }
    const planBefore = await subscriptionOf(db, merchant.id);
    const { now, report } = await advanceMerchantClock(engine, merchant.id, step);
    const planAfter = await subscriptionOf(db, merchant.id);
    const plan = planAfter?.plan_name ?? planBefore?.plan_name ?? '';
    const effects: ClockEffect[] = [];
    const add = (count: number, kind: ClockEffect['kind'], titleKey: string, params: Record<string, string | number>) => {
      for (let i = 0; i < count; i += 1) effects.push({ kind, title_key: titleKey, params, at: now });
    };
    add(report.downgraded, 'scheduled_change', 'clock.scheduledChange', { plan });
    add(report.renewed, 'renewal', 'clock.renewal', { plan });
    add(report.retried, 'retry', 'clock.retry', { number: '' });
    add(report.canceled, 'cancellation', 'clock.cancellation', { plan: planBefore?.plan_name ?? plan });
    add(report.expired, 'expiry', 'clock.expiry', { plan: planBefore?.plan_name ?? plan });
    // The advance settles in the billing engine's own transactions; its entry records what it did.
    await writeAudit(db, {
      actorUserId: actor.userId,
      merchantId: merchant.id,
      action: 'clock.advance',
      reason: input.reason,
      ip: actor.ip,
      actorRole: actor.role,
      at: seconds(),
      before: { now: before, plan: planBefore?.plan_name ?? null },
      after: { now, plan: planAfter?.plan_name ?? null, ...report },
    });
    return { now, effects };
  };

  // ------------------------------------------------------------------------------------------ idempotency

  /**
   * Answers a repeated staff write with its first answer. The key is claimed before the write runs, so two
   * concurrent requests with one key make one change: the second waits for the first answer.
   */
  const idempotent = async (staffUserId: number, key: string | undefined, requestHash: string, run: () => Promise<{ status: number; body: unknown }>): Promise<{ status: number; body: unknown }> => {
    if (!key) return run();
    const claim = () => claimIdempotencyKey(db, staffUserId, key, requestHash, seconds());
    if (!(await claim())) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const stored = await findIdempotent(db, staffUserId, key);
        if (stored && stored.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
        if (stored && stored.status !== 0) return { status: stored.status, body: stored.body };
        if (!stored && (await claim())) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (attempt === 49) throw new AppError('rate_limited');
      }
    }
    let answer: { status: number; body: unknown };
    try {
      answer = await run();
    } catch (error) {
      // Nothing changed: the key is released, and a retry runs (and is refused or succeeds) afresh.
      await releaseIdempotencyKey(db, staffUserId, key);
      throw error;
    }
    await storeIdempotentAnswer(db, staffUserId, key, answer);
    return answer;
  };

  return {
    me,
    directory,
    attentionCounts,
    detail,
    recordVisit,
    timeline,
    previewCredit,
    commitCredit,
    reverse,
    approvals,
    decide,
    invoiceAction,
    passwordReset,
    liftSignInBan,
    audit,
    auditCsv,
    staffAccess,
    clockOf,
    advanceClock,
    idempotent,
  };
};

export type StaffService = ReturnType<typeof createStaffService>;
