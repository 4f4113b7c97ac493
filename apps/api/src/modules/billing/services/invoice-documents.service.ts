import type { Request, Response } from 'express';
import type { AppDeps } from '../../../app-deps';
import { authOf } from '../../../http/auth';
import { AppError } from '../../../http/errors';
import { readBillingAccount } from '../repositories/billing-accounts.repository';
import { findInvoice, toInvoice } from '../repositories/invoices.repository';
import { merchantOwnedBy, merchantSummary } from '../repositories/merchants.repository';
import { actingFor } from './merchant-access';
import { invoiceHtml, type InvoiceParty, invoicePdf } from './invoice-document';
import type { Exec } from '../../../db/rows';

/** Whom an invoice is made out to: the billing details when given, else the merchant's name. */
export const invoiceParty = async (exec: Exec, merchantId: number): Promise<InvoiceParty> => {
  const merchant = await merchantSummary(exec, merchantId);
  const account = await readBillingAccount(exec, merchantId);
  const merchantName = merchant?.name ?? '';
  const billTo = account?.info
    ? [account.info.name, account.info.email, account.info.address1, account.info.address2 ?? '', `${account.info.postal_code} ${account.info.city}`, `${account.info.state_or_region}, ${account.info.country}`].filter(Boolean)
    : [merchantName];
  return { merchantName, billTo };
};

export type InvoiceDocument = { contentType: 'html'; body: string } | { contentType: 'pdf'; body: Buffer; filename: string };

/**
 * The hosted invoice page and its PDF (`ref` is the invoice id, `.pdf` for the PDF). A merchant sees its own
 * invoices only (another's answers 404, as if it did not exist); staff see any, audited as acting for its
 * merchant (spec §6: staff download PDFs).
 */
export const createInvoiceDocumentsService = (deps: AppDeps) => {
  const invoiceDocument = async (req: Request, res: Response, ref: string): Promise<InvoiceDocument> => {
    const pdf = ref.endsWith('.pdf');
    const record = await findInvoice(deps.db, pdf ? ref.slice(0, -4) : ref);
    if (!record) throw new AppError('not_found');
    const caller = authOf(res);
    const merchant = await merchantSummary(deps.db, record.merchantId);
    if (!caller.isStaff) {
      if ((await merchantOwnedBy(deps.db, caller.userId)) !== record.merchantId) throw new AppError('not_found');
    } else {
      await actingFor(deps, req, res, { userId: Number(merchant?.ownerUserId), action: pdf ? 'billing.invoice_pdf' : 'billing.invoice_view', details: { invoice: record.id } });
    }
    const invoice = await toInvoice(deps.db, record);
    const party = await invoiceParty(deps.db, record.merchantId);
    return pdf ? { contentType: 'pdf', body: await invoicePdf(invoice, party), filename: `${record.number}.pdf` } : { contentType: 'html', body: invoiceHtml(invoice, party) };
  };

  return { invoiceDocument };
};

export type InvoiceDocumentsService = ReturnType<typeof createInvoiceDocumentsService>;
