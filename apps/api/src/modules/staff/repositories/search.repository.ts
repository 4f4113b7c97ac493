import { parseMoney } from '@merchant-hub/money';
import { merchantDirectoryQuerySchema, type StaffSearchKind, type StaffSearchResult } from '@merchant-hub/validation';
import { searchDirectory } from './directory.repository';
import { type Exec, num, numOrNull } from './shared';

/*
 * The console's global search (issue 27). Every kind is one indexed lookup: invoice numbers, payment ids,
 * PaymentIntent ids and ECPay trade numbers are exact matches on unique keys; a card payment is the card's last
 * 4 digits with the amount (migration 980: each payment's `card_last4`, indexed with the amount);
 * e-mail, phone and merchant or store name are the staff directory's search (its trigram index, migrations 402
 * and 812 on SQLite, pg_trgm on PostgreSQL). The text decides which lookups run; the directory's always does.
 */

/** At most this many results of each kind. */
export const SEARCH_KIND_LIMIT = 8;

/** `MH-000005` (any letters before the dash: the invoice prefix is configurable). */
const INVOICE_NUMBER = /^[a-z]{1,8}-\d{1,12}$/i;
/** A payment id, PaymentIntent id or MerchantTradeNo: one word of letters, digits and underscores. */
const REFERENCE = /^[a-z0-9_]{4,64}$/i;
/** The card's last 4 digits, then the amount as people type it ("4242 99.00", "4242 RM 99", "4242, 1,290"). */
const CARD_AND_AMOUNT = /^(\d{4})[\s,;/]+(?:[^\d\s]{1,3}\s*)?(\d[\d,]*(?:\.\d{1,2})?)$/;
/** A phone number as typed: digits with spaces, dashes, dots or brackets, 5+ digits. */
const PHONE = /^\+?[\d\s().-]{5,}$/;

type Found = Omit<StaffSearchResult, 'kind'>;
type Row = Record<string, unknown>;

const found = (row: Row, match: unknown): Found => ({
  user_id: num(row.owner_user_id),
  merchant_name: String(row.merchant_name),
  match: String(match),
  invoice_id: row.invoice_id ? String(row.invoice_id) : null,
  amount_minor: numOrNull(row.amount),
  currency: row.currency ? String(row.currency) : null,
  status: row.status ? String(row.status) : null,
});

const withMerchant = (db: Exec, table: string) =>
  db(table)
    .join('merchants as m', 'm.id', `${table.split(' as ')[1] ?? table}.merchant_id`)
    .select('m.owner_user_id', 'm.name as merchant_name')
    .limit(SEARCH_KIND_LIMIT);

const invoices = async (db: Exec, text: string): Promise<Found[]> => {
  if (!INVOICE_NUMBER.test(text)) return [];
  const rows: Row[] = await withMerchant(db, 'invoices as i').where('i.number', text.toUpperCase()).select('i.number', 'i.id as invoice_id', 'i.total as amount', 'i.currency', 'i.status');
  return rows.map((row) => found(row, row.number));
};

const payments = async (db: Exec, text: string): Promise<Found[]> => {
  if (!REFERENCE.test(text)) return [];
  const [byId, byIntent] = await Promise.all([
    withMerchant(db, 'payments as p').where('p.id', text).select('p.id as ref', 'p.invoice_id', 'p.amount', 'p.currency', 'p.status') as Promise<Row[]>,
    withMerchant(db, 'invoices as i').where('i.payment_intent_id', text).select('i.payment_intent_id as ref', 'i.id as invoice_id', 'i.total as amount', 'i.currency', 'i.status') as Promise<Row[]>,
  ]);
  return [...byId, ...byIntent].map((row) => found(row, row.ref));
};

const ecpayOrders = async (db: Exec, text: string): Promise<Found[]> => {
  if (!REFERENCE.test(text) || text.length > 20) return [];
  const tradeNo = text.toUpperCase();
  const [checkout, agreements, invoiceOrders] = await Promise.all([
    withMerchant(db, 'checkout_orders as o').whereIn('o.trade_no', [text, tradeNo]).select('o.trade_no as ref', 'o.amount', 'o.currency', 'o.status') as Promise<Row[]>,
    withMerchant(db, 'ecpay_agreements as a').whereIn('a.merchant_trade_no', [text, tradeNo]).select('a.merchant_trade_no as ref', 'a.amount', 'a.currency', 'a.status') as Promise<Row[]>,
    withMerchant(db, 'ecpay_invoice_orders as e').whereIn('e.trade_no', [text, tradeNo]).select('e.trade_no as ref', 'e.invoice_id', 'e.amount', 'e.currency', 'e.status') as Promise<Row[]>,
  ]);
  return [...checkout, ...agreements, ...invoiceOrders].map((row) => found(row, row.ref));
};

/** Every currency the product sells in has two minor digits (TWD too: whole dollars × 100), so one parse reads them all. */
const cardPayments = async (db: Exec, text: string): Promise<Found[]> => {
  const match = CARD_AND_AMOUNT.exec(text);
  if (!match) return [];
  const amount = parseMoney(match[2], 'MYR');
  if (!amount.ok) return [];
  // `card_last4` (migration 980) makes this one index range: these digits, this amount, newest first.
  const rows: Row[] = await withMerchant(db, 'payments as p')
    .leftJoin('payment_methods as pm', 'pm.id', 'p.payment_method_id')
    .where('p.card_last4', match[1])
    .where('p.amount', amount.value)
    .orderBy([{ column: 'p.created_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .select('p.id', 'p.card_last4 as last4', 'pm.brand', 'p.invoice_id', 'p.amount', 'p.currency', 'p.status');
  return rows.map((row) => found(row, `${row.brand ? `${String(row.brand)} ` : ''}•••• ${String(row.last4)}`));
};

/** Merchants by owner e-mail, phone, merchant or store name: the directory's search, each row told by what matched. */
const merchants = async (db: Exec, text: string, now: number): Promise<(Found & { kind: StaffSearchKind })[]> => {
  const phone = PHONE.test(text) && text.replace(/\D/g, '').length >= 5;
  const needle = (phone ? text.replace(/[\s().-]/g, '') : text).toLowerCase();
  if (needle.length === 0) return [];
  const query = merchantDirectoryQuerySchema.parse({ q: needle, limit: SEARCH_KIND_LIMIT });
  const { rows } = await searchDirectory(db, query, null, now);
  return rows.slice(0, SEARCH_KIND_LIMIT).map((row) => {
    const base = { owner_user_id: row.user_id, merchant_name: row.merchant_name, currency: null, status: row.state };
    if (row.owner_email.toLowerCase().includes(needle)) return { kind: 'email', ...found(base, row.owner_email) };
    if (row.owner_phone && row.owner_phone.toLowerCase().includes(needle)) return { kind: 'phone', ...found(base, row.owner_phone) };
    const store = row.stores.find((name) => name.toLowerCase().includes(needle));
    return { kind: 'store', ...found(base, store ?? row.merchant_name) };
  });
};

/** Everything `text` finds, in the kinds' order (`STAFF_SEARCH_KINDS`). */
export const globalSearch = async (db: Exec, text: string, now: number): Promise<StaffSearchResult[]> => {
  const [invoice, payment, ecpay, card, people] = await Promise.all([invoices(db, text), payments(db, text), ecpayOrders(db, text), cardPayments(db, text), merchants(db, text, now)]);
  const byKind = (kind: StaffSearchKind) => people.filter((row) => row.kind === kind);
  return [
    ...invoice.map((row) => ({ kind: 'invoice' as const, ...row })),
    ...payment.map((row) => ({ kind: 'payment' as const, ...row })),
    ...ecpay.map((row) => ({ kind: 'ecpay' as const, ...row })),
    ...card.map((row) => ({ kind: 'card' as const, ...row })),
    ...byKind('email'),
    ...byKind('phone'),
    ...byKind('store'),
  ];
};
