import { formatMoney } from '@merchant-hub/money';
import type { Knex } from 'knex';
import type { Exec } from '../../../db/rows';
import { type InvoiceAttachment, mailDate, mailText, type Notifier, type OutgoingMessage, periodWord } from '../../notifications';
import type { BillingAccount } from '../repositories/billing-accounts.repository';
import { merchantSummary, ownerContacts } from '../repositories/merchants.repository';
import { findInvoice, invoicePagePath, type InvoiceRecord, toInvoice } from '../repositories/invoices.repository';
import { invoicePdf } from './invoice-document';
import { invoiceParty } from './invoice-party';

/** What the billing engine tells a merchant about an invoice, and the message kind each is kept under. */
const KINDS = {
  invoicePaid: 'invoice_paid',
  invoiceOpen: 'invoice_resent',
  paymentFailed: 'payment_failed',
  paymentFailedFinal: 'subscription_canceled',
} as const;
export type InvoiceMailKind = keyof typeof KINDS;

/** Receipts and open invoices carry the invoice's PDF; payment-failure notices point at the billing page. */
const WITH_PDF: ReadonlySet<InvoiceMailKind> = new Set(['invoicePaid', 'invoiceOpen']);

/**
 * Who hears about a merchant's invoices: the billing e-mail when the merchant gave one, else the owner; always
 * in the owner's language (the language they last used).
 */
export const invoiceRecipient = async (exec: Exec, account: Pick<BillingAccount, 'ownerUserId' | 'info'>): Promise<{ to: string; locale: string } | null> => {
  const owner = (await ownerContacts(exec, [account.ownerUserId])).get(account.ownerUserId);
  const to = account.info?.email || owner?.email || '';
  return to ? { to, locale: owner?.locale ?? 'en' } : null;
};

/**
 * The e-mail about `invoice`, written in `locale`: its number, the amount in the invoice's currency (libs/money),
 * `at` as the day (paid on, next retry on, cancelled on) and the link to act on.
 */
export const invoiceMail = (publicUrl: string, kind: InvoiceMailKind, invoice: Pick<InvoiceRecord, 'id' | 'number' | 'amountDue' | 'currency'>, locale: string, at: number) => {
  const link = WITH_PDF.has(kind) ? `${publicUrl}${invoicePagePath(invoice.id)}` : kind === 'paymentFailed' && invoice.currency === 'TWD' ? ecpayPayLink(publicUrl, invoice.id) : `${publicUrl}/home/dashboard`;
  const text = mailText(locale, kind, { number: invoice.number, amount: formatMoney(invoice.amountDue, invoice.currency), date: mailDate(locale, at), link });
  return { channel: 'email' as const, ...text, kind: KINDS[kind], ...(WITH_PDF.has(kind) ? { attachInvoice: invoice.id } : {}) };
};

/**
 * A Taiwanese merchant pays an open invoice through ECPay (issue 25 #4): the billing page with `pay=ecpay` opens the
 * ECPay payment of that invoice (after sign-in if needed).
 */
export const ecpayPayLink = (publicUrl: string, invoiceId: string): string => `${publicUrl}/home/dashboard?pay=ecpay&invoice=${encodeURIComponent(invoiceId)}`;

/** Where the engine queues a merchant's e-mail: its transaction, the notifier (none in tools and seeds), the link base. */
export type MerchantMailContext = { tx: Knex.Transaction; notifier: Notifier | undefined; publicUrl: string };
type Account = Pick<BillingAccount, 'ownerUserId' | 'info'>;

/**
 * Writes the e-mail `build` makes in the recipient's language into the outbox with the caller's transaction:
 * it exists exactly when the payment (or the change) it tells of was committed, and is sent after the commit.
 */
const queueForMerchant = async (ctx: MerchantMailContext, account: Account, build: (locale: string) => Omit<Extract<OutgoingMessage, { channel: 'email' }>, 'to'>): Promise<void> => {
  if (!ctx.notifier) return;
  const recipient = await invoiceRecipient(ctx.tx, account);
  if (!recipient) return;
  await ctx.notifier.queue(ctx.tx, { ...build(recipient.locale), to: recipient.to });
};

export const queueInvoiceMail = (ctx: MerchantMailContext, account: Account, kind: InvoiceMailKind, invoice: Pick<InvoiceRecord, 'id' | 'number' | 'amountDue' | 'currency'>, at: number): Promise<void> =>
  queueInvoiceMails(ctx, kind, [{ account, invoice, at }]);

/**
 * The same e-mail about many invoices at once (a renewal batch's receipts): the owners read in one statement and
 * the messages written in one more, with the caller's transaction.
 */
export async function queueInvoiceMails(
  ctx: MerchantMailContext,
  kind: InvoiceMailKind,
  items: readonly { account: Account; invoice: Pick<InvoiceRecord, 'id' | 'number' | 'amountDue' | 'currency'>; at: number }[],
): Promise<void> {
  if (!ctx.notifier || items.length === 0) return;
  const owners = await ownerContacts(ctx.tx, items.map(({ account }) => account.ownerUserId));
  const messages = items.flatMap(({ account, invoice, at }) => {
    const owner = owners.get(account.ownerUserId);
    const to = account.info?.email || owner?.email || '';
    if (!to) return [];
    return [{ ...invoiceMail(ctx.publicUrl, kind, invoice, owner?.locale ?? 'en', at), to }];
  });
  await ctx.notifier.queue(ctx.tx, messages);
}

/** What the billing engine tells a merchant about a plan, and the message kind each is kept under. */
const PLAN_KINDS = { planEnding: 'plan_ending', planChangeScheduled: 'plan_change_scheduled' } as const;
export type PlanMailKind = keyof typeof PLAN_KINDS;

/**
 * The e-mail about a plan that will end (unsubscribed) or change (a downgrade scheduled) on `at`, in the owner's
 * language; `plan` is named with its period in that language.
 */
export const queuePlanMail = (ctx: MerchantMailContext, account: Account, kind: PlanMailKind, plan: { name: string; billing_period: string }, at: number): Promise<void> =>
  queueForMerchant(ctx, account, (locale) => ({
    channel: 'email',
    ...mailText(locale, kind, { plan: `${plan.name} (${periodWord(locale, plan.billing_period)})`, date: mailDate(locale, at), link: `${ctx.publicUrl}/home/dashboard` }),
    kind: PLAN_KINDS[kind],
  }));

/**
 * The e-mail about a plan staff cancelled now (issue 27 capability 3): what ended and when, in the owner's
 * language, with the unused time's credit when it was added to the balance (not while it waits for approval).
 */
export const queuePlanCanceledNowMail = (ctx: MerchantMailContext, account: Account, plan: { name: string; billing_period: string }, at: number, credit: { amountMinor: number; currency: string } | null): Promise<void> =>
  queueForMerchant(ctx, account, (locale) => ({
    channel: 'email',
    ...mailText(locale, credit ? 'planCanceledNowCredit' : 'planCanceledNow', {
      plan: `${plan.name} (${periodWord(locale, plan.billing_period)})`,
      date: mailDate(locale, at),
      link: `${ctx.publicUrl}/home/dashboard`,
      ...(credit ? { amount: formatMoney(credit.amountMinor, credit.currency as Parameters<typeof formatMoney>[1]) } : {}),
    }),
    kind: 'plan_canceled_now',
  }));

/** The PDF an invoice e-mail carries, rendered when the message is sent: `invoice-<number>.pdf`. */
export const invoicePdfAttachment =
  (deps: { db: Exec; publicUrl: string }): InvoiceAttachment =>
  async (invoiceId) => {
    const record = await findInvoice(deps.db, invoiceId);
    if (!record) throw new Error(`invoice ${invoiceId} not found`);
    const invoice = await toInvoice(deps.db, record);
    // In the language of the e-mail it goes with: the owner's.
    const merchant = await merchantSummary(deps.db, record.merchantId);
    const locale = (await ownerContacts(deps.db, [Number(merchant?.ownerUserId)])).get(Number(merchant?.ownerUserId))?.locale ?? 'en';
    const content = await invoicePdf(invoice, await invoiceParty(deps.db, record.merchantId, locale), locale);
    return { filename: `invoice-${record.number}.pdf`, content, contentType: 'application/pdf' };
  };
