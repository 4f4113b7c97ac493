import type { CreditBalance, Invoice } from '@merchant-hub/domain';
import type { BillingHistoryQueryOutput, CreditBalanceQueryOutput } from '@merchant-hub/validation';
import { AppError } from '../../../http/errors';
import type { Engine } from '../engine/billing.engine';
import { type BillingAccount, billingAccountOf } from '../repositories/billing-accounts.repository';
import { invoiceSeq, listInvoices, toInvoice } from '../repositories/invoices.repository';
import { hasEntryAfter, hasEntryBefore, type LedgerRow, ledgerSeq, newerEntries, olderEntries } from '../repositories/ledger.repository';
import type { Actor } from './billing-state';

const PAGE_SIZE = 10;

/** `seq` is the paging cursor only: the API answers the entries as Stripe shapes them. */
const withoutSeq = ({ seq: _seq, ...entry }: LedgerRow) => entry;

/** Invoice history and the credit-balance ledger, both paged by cursor. */
export const createLedgerService = (engine: Engine) => {
  const { db } = engine.deps;

  const billingHistory = async (actor: Actor, input: BillingHistoryQueryOutput): Promise<{ data: Invoice[]; has_more: boolean; hasMore: boolean }> => {
    let beforeSeq: number | undefined;
    if (input.start_after) {
      const cursor = await invoiceSeq(db, actor.merchantId, input.start_after);
      if (cursor === null) throw new AppError('not_found', { message: 'Invoice not found' });
      beforeSeq = cursor;
    }
    const createdBetween: [number, number] | undefined = input.date_start !== undefined && input.date_end !== undefined ? [input.date_start, input.date_end] : undefined;
    const records = await listInvoices(db, actor.merchantId, { createdBetween, beforeSeq, limit: PAGE_SIZE + 1 });
    const data = await Promise.all(records.slice(0, PAGE_SIZE).map((record) => toInvoice(db, record)));
    const hasMore = records.length > PAGE_SIZE;
    return { data, has_more: hasMore, hasMore };
  };

  const creditBalance = async (actor: Actor, input: CreditBalanceQueryOutput): Promise<CreditBalance> => {
    const merchantId = actor.merchantId;
    const account = (await billingAccountOf(db, merchantId, () => engine.nowFor(db, merchantId))) as BillingAccount;
    const cursorSeq = async (id: string | undefined): Promise<number | null> => {
      if (!id) return null;
      const seq = await ledgerSeq(db, merchantId, id);
      if (seq === null) throw new AppError('not_found', { message: 'Transaction not found' });
      return seq;
    };
    const after = await cursorSeq(input.starting_after);
    const before = await cursorSeq(input.ending_before);
    const balance = { balance: account.balance, currency: account.currency };
    if (before !== null) {
      // Paging back toward newer entries: take the nearest ones, then show them newest first.
      const rows = (await newerEntries(db, merchantId, before, PAGE_SIZE + 1)).reverse();
      const hasPrevious = rows.length > PAGE_SIZE;
      const page = hasPrevious ? rows.slice(1) : rows;
      const last = page[page.length - 1];
      const hasNext = last ? await hasEntryBefore(db, merchantId, last.seq) : false;
      return { balance, balanceTransactions: { data: page.map(withoutSeq), hasNext, hasPrevious } };
    }
    const rows = await olderEntries(db, merchantId, after, PAGE_SIZE + 1);
    const page = rows.slice(0, PAGE_SIZE);
    const first = page[0];
    const hasPrevious = first ? await hasEntryAfter(db, merchantId, first.seq) : false;
    return { balance, balanceTransactions: { data: page.map(withoutSeq), hasNext: rows.length > PAGE_SIZE, hasPrevious } };
  };

  return { billingHistory, creditBalance };
};

export type LedgerService = ReturnType<typeof createLedgerService>;
