import { createHash } from 'node:crypto';
import type { Exec } from '../../db/rows';
import { iso, num, numOrNull } from '../../db/rows';

export type GatewayNoticeKind = 'notification_refused' | 'simulated_payment' | 'charge.refunded' | 'charge.dispute.created' | 'charge.dispute.closed' | 'payment.duplicate_refunded';

export type NewGatewayNotice = {
  gateway: 'ecpay' | 'stripe';
  kind: GatewayNoticeKind;
  /** A Stripe event id, or what makes a repeated refusal the same one (hashed). */
  dedupeKey: string;
  reason?: string | null;
  reference?: string | null;
  merchantId?: number | null;
  invoiceId?: string | null;
  amountMinor?: number | null;
  currency?: string | null;
  details?: Record<string, unknown>;
  at: number;
};

export type GatewayNotice = {
  id: number;
  gateway: string;
  kind: GatewayNoticeKind;
  reason: string | null;
  reference: string | null;
  merchant_id: number | null;
  /** The merchant's owner: the staff console opens a merchant by it. */
  merchant_user_id: number | null;
  invoice_id: string | null;
  amount: number | null;
  currency: string | null;
  details: Record<string, unknown>;
  repeats: number;
  received_at: string | null;
  last_received_at: string | null;
  reviewed_at: string | null;
};

/** Keys ECPay repeats verbatim are hashed so a notice's key has a bounded length. */
export const noticeKey = (...parts: readonly string[]): string => createHash('sha256').update(parts.join('\n')).digest('hex');

/**
 * Records a notice once: true when it is new, false when its key was seen before (a Stripe redelivery, ECPay
 * repeating a notification), which only counts the repeat.
 */
export const recordGatewayNotice = async (exec: Exec, notice: NewGatewayNotice): Promise<boolean> => {
  const inserted = await exec('gateway_notices')
    .insert({
      gateway: notice.gateway,
      kind: notice.kind,
      dedupe_key: notice.dedupeKey.slice(0, 300),
      reason: notice.reason?.slice(0, 40) ?? null,
      reference: notice.reference?.slice(0, 64) ?? null,
      merchant_id: notice.merchantId ?? null,
      invoice_id: notice.invoiceId ?? null,
      amount: notice.amountMinor ?? null,
      currency: notice.currency ?? null,
      details: JSON.stringify(notice.details ?? {}).slice(0, 4000),
      received_at: notice.at,
      last_received_at: notice.at,
    })
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  if (inserted.length > 0) return true;
  await exec('gateway_notices').where({ dedupe_key: notice.dedupeKey.slice(0, 300) }).increment('repeats', 1).update({ last_received_at: notice.at });
  return false;
};

/** True when a notice with this key (a Stripe event id) was recorded already. */
export const hasGatewayNotice = async (exec: Exec, dedupeKey: string): Promise<boolean> =>
  Boolean(await exec('gateway_notices').where({ dedupe_key: dedupeKey.slice(0, 300) }).first('id'));

const toNotice = (row: Record<string, unknown>): GatewayNotice => ({
  id: num(row.id),
  gateway: String(row.gateway),
  kind: row.kind as GatewayNoticeKind,
  reason: (row.reason as string | null) ?? null,
  reference: (row.reference as string | null) ?? null,
  merchant_id: numOrNull(row.merchant_id),
  merchant_user_id: numOrNull(row.merchant_user_id),
  invoice_id: (row.invoice_id as string | null) ?? null,
  amount: numOrNull(row.amount),
  currency: (row.currency as string | null) ?? null,
  details: row.details ? (JSON.parse(String(row.details)) as Record<string, unknown>) : {},
  repeats: num(row.repeats),
  received_at: iso(numOrNull(row.received_at)),
  last_received_at: iso(numOrNull(row.last_received_at)),
  reviewed_at: iso(numOrNull(row.reviewed_at)),
});

/** Staff's list: the notices not reviewed yet (or all), newest first; one merchant's when given. */
export const listGatewayNotices = async (exec: Exec, filter: { open?: boolean; merchantId?: number; limit: number }): Promise<GatewayNotice[]> => {
  const query = exec('gateway_notices as n')
    .leftJoin('merchants as m', 'm.id', 'n.merchant_id')
    .select('n.*', 'm.owner_user_id as merchant_user_id')
    .orderBy([{ column: 'n.received_at', order: 'desc' }, { column: 'n.id', order: 'desc' }])
    .limit(filter.limit);
  if (filter.open) query.whereNull('n.reviewed_at');
  if (filter.merchantId !== undefined) query.where('n.merchant_id', filter.merchantId);
  return (await query).map(toNotice);
};

export const countOpenGatewayNotices = async (exec: Exec): Promise<number> => num((await exec('gateway_notices').whereNull('reviewed_at').count({ n: '*' }).first())?.n ?? 0);

/** Marks a notice reviewed; false when there is none or it was reviewed already. */
export const reviewGatewayNotice = async (exec: Exec, id: number, staffUserId: number, at: number): Promise<boolean> =>
  (await exec('gateway_notices').where({ id }).whereNull('reviewed_at').update({ reviewed_by: staffUserId, reviewed_at: at })) > 0;
