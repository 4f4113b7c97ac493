import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../http/errors';
import { findInvoice, toInvoice } from '../repositories/invoices.repository';
import { merchantOwnedBy, merchantSummary, ownerContacts } from '../repositories/merchants.repository';
import { invoiceHtml, invoicePdf } from '../documents/invoice-document';
import { invoiceParty } from '../documents/invoice-party';

export { invoiceParty };

export type InvoiceDocument = { contentType: 'html'; body: string } | { contentType: 'pdf'; body: Buffer; filename: string };

/**
 * Who asks for an invoice document. Staff read any invoice, each read audited by `actFor` (the HTTP layer's
 * act-on-behalf step for the merchant whose owner is `ownerUserId`), before the document is made.
 */
export type InvoiceReader = {
  userId: number;
  isStaff: boolean;
  actFor: (ownerUserId: number, action: 'billing.invoice_pdf' | 'billing.invoice_view', details: Record<string, unknown>) => Promise<unknown>;
};

/**
 * The hosted invoice page and its PDF (`ref` is the invoice id, `.pdf` for the PDF). A merchant sees its own
 * invoices only (another's answers 404, as if it did not exist); staff see any, audited as acting for its
 * merchant (spec §6: staff download PDFs).
 */
export const createInvoiceDocumentsService = (deps: AppDeps) => {
  const invoiceDocument = async (caller: InvoiceReader, ref: string, requestedLocale?: string): Promise<InvoiceDocument> => {
    const pdf = ref.endsWith('.pdf');
    const record = await findInvoice(deps.db, pdf ? ref.slice(0, -4) : ref);
    if (!record) throw new AppError('not_found');
    const merchant = await merchantSummary(deps.db, record.merchantId);
    if (!caller.isStaff) {
      if ((await merchantOwnedBy(deps.db, caller.userId)) !== record.merchantId) throw new AppError('not_found');
    } else {
      await caller.actFor(Number(merchant?.ownerUserId), pdf ? 'billing.invoice_pdf' : 'billing.invoice_view', { invoice: record.id });
    }
    const invoice = await toInvoice(deps.db, record);
    // The merchant's language (the owner's, as their e-mails), unless the reader asks for one (?locale=).
    const locale = requestedLocale ?? (await ownerContacts(deps.db, [Number(merchant?.ownerUserId)])).get(Number(merchant?.ownerUserId))?.locale ?? 'en';
    const party = await invoiceParty(deps.db, record.merchantId, locale);
    return pdf ? { contentType: 'pdf', body: await invoicePdf(invoice, party, locale), filename: `${record.number}.pdf` } : { contentType: 'html', body: invoiceHtml(invoice, party, locale) };
  };

  return { invoiceDocument };
};

export type InvoiceDocumentsService = ReturnType<typeof createInvoiceDocumentsService>;
