import type { MerchantDetail, MerchantDirectoryPage, MerchantDirectoryQuery, StaffRole, TimelinePage } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import { lastVisitAt, sameVisit, writeAudit } from '../../audit';
import { billingAccountState, cardsOf, countAttention, creditBalanceOf, findStaffUser, merchantRowOf, openInvoicesOf, ownerOf, searchDirectory, searchStores, storesOf, subscriptionOf, timelineOf, usersOf } from '../repositories';
import type { StaffContext, StaffActor } from './staff-context';
import { decodeCursor, encodeCursor, isDirectoryCursor, isTimelineCursor } from './staff-context';

// The merchant directory, the merchant page and its timeline.

/** A repeat visit within this window is the same visit: viewing is logged once per visit, not per request. */
export { VISIT_WINDOW_SECONDS } from '../../audit';

export const createDirectoryService = (ctx: StaffContext) => {
  const { db, clock, seconds, requireMerchant } = ctx;
  const me = async (userId: number, role: StaffRole) => {
    const user = await findStaffUser(db, userId);
    if (!user) throw new AppError('unauthenticated');
    return { ...user, role };
  };

  /** `textIndex: false` searches without the trigram index (the bench's comparison). */
  const directory = async (query: MerchantDirectoryQuery, options: { textIndex?: boolean } = {}): Promise<MerchantDirectoryPage> => {
    const cursor = decodeCursor(query.cursor, isDirectoryCursor);
    const { rows, sortValues } = await searchDirectory(db, query, cursor, seconds(), options);
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
      owner: { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone, locale: owner.locale, sign_in_banned_until: bannedUntil, setup_pending: owner.setupPending },
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
    if (!sameVisit(await lastVisitAt(db, actor.userId, merchant.id), seconds())) {
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

  /** The legacy store chooser: merchant stores matching `search`. */
  const stores = async (search: string | undefined) => ({ data: await searchStores(db, search) });

  return { me, directory, attentionCounts, detail, recordVisit, timeline, stores };
};
