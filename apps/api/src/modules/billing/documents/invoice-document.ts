import type { Invoice } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import type PDFKit from 'pdfkit';

export type InvoiceParty = { merchantName: string; billTo: string[] };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const day = (seconds: number): string => {
  const d = new Date(seconds * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

type Extra = { tax_label?: string | null; tax_percent?: number; rounding_amount?: number; applied_balance?: number; coupon_code?: string | null };

const summaryRows = (invoice: Invoice & Extra): [string, string][] => {
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const rows: [string, string][] = [['Subtotal', money(invoice.subtotal)]];
  if (invoice.discount > 0) rows.push([`Discount${invoice.coupon_code ? ` (${String(invoice.coupon_code)})` : ''}`, money(-invoice.discount)]);
  rows.push([`${invoice.tax_label ?? 'Tax'} (${invoice.tax_percent ?? 0}%)`, money(invoice.tax)]);
  if (invoice.rounding_amount) rows.push(['Rounding', money(invoice.rounding_amount)]);
  rows.push(['Total', money(invoice.total)]);
  if (invoice.applied_balance) rows.push(['Applied credit balance', money(-invoice.applied_balance)]);
  rows.push(['Amount paid', money(invoice.amount_paid)], ['Amount due', money(invoice.status === 'paid' ? 0 : invoice.amount_due)]);
  return rows;
};

/** The hosted invoice page: plain, printable, no script. */
export const invoiceHtml = (invoice: Invoice & Extra & Record<string, unknown>, party: InvoiceParty): string => {
  const money = (amount: number) => escapeHtml(formatMoney(amount, invoice.currency));
  const lines = invoice.lines.data
    .map((l) => `<tr><td>${escapeHtml(l.description)}<br><small>${day(l.period.start)} – ${day(l.period.end)}</small></td><td class="n">${l.quantity}</td><td class="n">${money(l.amount)}</td></tr>`)
    .join('');
  const summary = summaryRows(invoice)
    .map(([label, value]) => `<tr><td colspan="2">${escapeHtml(label)}</td><td class="n">${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Invoice ${escapeHtml(invoice.number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}table{width:100%;border-collapse:collapse}td,th{padding:.5rem;border-bottom:1px solid #e9ecef;text-align:left}.n{text-align:right}.status{display:inline-block;padding:.1rem .6rem;border-radius:1rem;background:${invoice.status === 'paid' ? '#d3f9d8' : invoice.status === 'uncollectible' ? '#ffe3e3' : '#e9ecef'}}</style></head>
<body><h1>Invoice ${escapeHtml(invoice.number)} <span class="status">${escapeHtml(invoice.status)}</span></h1>
<p>Merchant Hub · issued ${day(invoice.created)} · ${escapeHtml(invoice.collection_method === 'send_invoice' ? 'Pay on receipt' : 'Charged automatically')}</p>
<p><strong>Bill to</strong><br>${party.billTo.map(escapeHtml).join('<br>')}</p>
<table><thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead><tbody>${lines}${summary}</tbody></table>
<p><a href="${escapeHtml(String(invoice.invoice_pdf))}">Download PDF</a></p></body></html>`;
};

/** pdfkit (fonts, zlib tables: about half a second of module loading) loads on the first PDF, not at start-up. */
let pdfkit: Promise<typeof PDFKit> | null = null;
const loadPdfKit = (): Promise<typeof PDFKit> => (pdfkit ??= import('pdfkit').then((m) => ((m as { default?: typeof PDFKit }).default ?? m) as typeof PDFKit));

export const invoicePdf = async (invoice: Invoice & Extra & Record<string, unknown>, party: InvoiceParty): Promise<Buffer> => {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}`, Author: 'Merchant Hub' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    // pdfkit's built-in fonts are Latin-1: currency symbols outside it (₱ ฿) are written as the ISO code.
    const money = (amount: number) => formatMoney(amount, invoice.currency).replace('₱', 'PHP ').replace('฿', 'THB ');
    doc.fontSize(20).text(`Invoice ${invoice.number}`);
    doc.fontSize(10).text(`Status: ${invoice.status}    Issued: ${day(invoice.created)}`);
    doc.moveDown().text('Bill to:');
    for (const line of party.billTo) doc.text(line);
    doc.moveDown();
    for (const line of invoice.lines.data) {
      doc.text(`${line.description} (${day(line.period.start)} – ${day(line.period.end)})`, { continued: true }).text(`  ${money(line.amount)}`, { align: 'right' });
    }
    doc.moveDown();
    for (const [label, value] of summaryRows(invoice)) doc.text(label, { continued: true }).text(`  ${value.replace('₱', 'PHP ').replace('฿', 'THB ')}`, { align: 'right' });
    doc.end();
  });
};
