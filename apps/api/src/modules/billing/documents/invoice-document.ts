import type { Invoice } from '@merchant-hub/domain';
import { chargeLineText, taxNameKey } from '@merchant-hub/i18n';
import { formatMoney, isCurrencyCode, marketOf } from '@merchant-hub/money';
import type PDFKit from 'pdfkit';
import { mailDate, mailLocaleOf, textsIn } from '../../notifications';
import { baseFontOf, pdfFontFiles, pdfRuns } from './pdf-fonts';

export type InvoiceParty = { merchantName: string; billTo: string[] };

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

type Extra = { tax_label?: string | null; tax_percent?: number; rounding_amount?: number; applied_balance?: number; coupon_code?: string | null };
type InvoiceView = Invoice & Extra & Record<string, unknown>;

/** The language tag of a product locale for `<html lang>` (zhtw is zh-Hant-TW to a browser and a screen reader). */
const HTML_LANG: Readonly<Record<string, string>> = { en: 'en', ms: 'ms', zh: 'zh-Hans', zhtw: 'zh-Hant-TW', th: 'th' };

/**
 * An invoice as its reader reads it (issue 31 #5): every label in `locale`, dates day first (DD/MM/YYYY), amounts
 * through libs/money in the invoice's currency, the tax by its local name (SST, 營業稅…) and each line worded
 * from its label (a line written before labels were kept reads as it was billed, in English).
 */
const invoiceWords = (invoice: InvoiceView, locale: string) => {
  const t = textsIn(locale);
  const day = (seconds: number) => mailDate(locale, seconds);
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  // The tax by its name in the market the invoice's currency sells in; the plan's label for a currency of no market.
  const taxLabel = isCurrencyCode(invoice.currency) ? t(taxNameKey(marketOf(invoice.currency))) : (invoice.tax_label ?? '');
  const rows: [string, string][] = [[t('mail:invoiceDocument.subtotal'), money(invoice.subtotal)]];
  if (invoice.discount > 0) rows.push([invoice.coupon_code ? t('mail:invoiceDocument.discountCode', { code: String(invoice.coupon_code) }) : t('mail:invoiceDocument.discount'), money(-invoice.discount)]);
  rows.push([t('mail:invoiceDocument.tax', { label: taxLabel, percent: invoice.tax_percent ?? 0 }), money(invoice.tax)]);
  if (invoice.rounding_amount) rows.push([t('mail:invoiceDocument.rounding'), money(invoice.rounding_amount)]);
  rows.push([t('mail:invoiceDocument.total'), money(invoice.total)]);
  if (invoice.applied_balance) rows.push([t('mail:invoiceDocument.appliedBalance'), money(-invoice.applied_balance)]);
  rows.push([t('mail:invoiceDocument.amountPaid'), money(invoice.amount_paid)], [t('mail:invoiceDocument.amountDue'), money(invoice.status === 'paid' ? 0 : invoice.amount_due)]);
  return {
    t,
    lang: HTML_LANG[mailLocaleOf(locale)] ?? 'en',
    title: t('mail:invoiceDocument.title', { number: invoice.number }),
    status: t(`mail:invoiceDocument.statuses.${invoice.status}`),
    issued: t('mail:invoiceDocument.issued', { date: day(invoice.created) }),
    collection: t(invoice.collection_method === 'send_invoice' ? 'mail:invoiceDocument.payOnReceipt' : 'mail:invoiceDocument.chargedAutomatically'),
    lines: invoice.lines.data.map((line) => ({ text: chargeLineText(t, line, day), period: `${day(line.period.start)} – ${day(line.period.end)}`, quantity: line.quantity, amount: money(line.amount) })),
    summary: rows,
  };
};

/** The hosted invoice page in `locale`: plain, printable, no script. */
export const invoiceHtml = (invoice: InvoiceView, party: InvoiceParty, locale: string): string => {
  const words = invoiceWords(invoice, locale);
  const { t } = words;
  const lines = words.lines
    .map((l) => `<tr><td>${escapeHtml(l.text)}<br><small>${escapeHtml(l.period)}</small></td><td class="n">${l.quantity}</td><td class="n">${escapeHtml(l.amount)}</td></tr>`)
    .join('');
  const summary = words.summary.map(([label, value]) => `<tr><td colspan="2">${escapeHtml(label)}</td><td class="n">${escapeHtml(value)}</td></tr>`).join('');
  return `<!doctype html><html lang="${words.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(words.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}table{width:100%;border-collapse:collapse}td,th{padding:.5rem;border-bottom:1px solid #e9ecef;text-align:left}.n{text-align:right;white-space:nowrap}.status{display:inline-block;padding:.1rem .6rem;border-radius:1rem;background:${invoice.status === 'paid' ? '#d3f9d8' : invoice.status === 'uncollectible' ? '#ffe3e3' : '#e9ecef'}}</style></head>
<body><h1>${escapeHtml(words.title)} <span class="status">${escapeHtml(words.status)}</span></h1>
<p>Merchant Hub · ${escapeHtml(words.issued)} · ${escapeHtml(words.collection)}</p>
<p><strong>${escapeHtml(t('mail:invoiceDocument.billTo'))}</strong><br>${party.billTo.map(escapeHtml).join('<br>')}</p>
<table><thead><tr><th>${escapeHtml(t('mail:invoiceDocument.description'))}</th><th class="n">${escapeHtml(t('mail:invoiceDocument.quantity'))}</th><th class="n">${escapeHtml(t('mail:invoiceDocument.amount'))}</th></tr></thead><tbody>${lines}${summary}</tbody></table>
<p><a href="${escapeHtml(String(invoice.invoice_pdf))}">${escapeHtml(t('mail:invoiceDocument.downloadPdf'))}</a></p></body></html>`;
};

/** pdfkit (fonts, zlib tables: about half a second of module loading) loads on the first PDF, not at start-up. */
let pdfkit: Promise<typeof PDFKit> | null = null;
const loadPdfKit = (): Promise<typeof PDFKit> => (pdfkit ??= import('pdfkit').then((m) => ((m as { default?: typeof PDFKit }).default ?? m) as typeof PDFKit));

/**
 * The invoice's PDF in `locale`. Text is written in runs of one font each (pdf-fonts): Latin in Helvetica, Thai and
 * Chinese in the Noto fonts, so a Thai or Chinese invoice, or a Chinese name on an English one, is legible; where
 * those fonts are not installed the PDF is written in English.
 */
export const invoicePdf = async (invoice: InvoiceView, party: InvoiceParty, locale: string): Promise<Buffer> => {
  const PDFDocument = await loadPdfKit();
  const fonts = pdfFontFiles();
  const language = fonts ? mailLocaleOf(locale) : 'en';
  const words = invoiceWords(invoice, language);
  const base = baseFontOf(language);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: words.title, Author: 'Merchant Hub' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (fonts) {
      doc.registerFont('thai', fonts.thai);
      doc.registerFont('cjk', fonts.cjk);
    }
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    /** One line of text at (x, y), its runs continued on the same line; returns where the text ended. */
    const write = (text: string, at: { x: number; y: number; width: number; align?: 'left' | 'right' }): number => {
      const runs = pdfRuns(text, base, fonts !== null);
      runs.forEach((run, index) => {
        const options = { width: at.width, align: at.align ?? 'left', continued: index < runs.length - 1 };
        doc.font(run.font);
        if (index === 0) doc.text(run.text, at.x, at.y, options);
        else doc.text(run.text, options);
      });
      return doc.y;
    };
    const line = (text: string) => {
      doc.y = write(text, { x: left, y: doc.y, width });
    };
    /** A label on the left and its amount on the right of the same line. */
    const row = (label: string, value: string) => {
      const y = doc.y;
      const labelEnd = write(label, { x: left, y, width: width * 0.7 });
      const valueEnd = write(value, { x: left + width * 0.7, y, width: width * 0.3, align: 'right' });
      doc.y = Math.max(labelEnd, valueEnd);
    };
    doc.fontSize(20);
    line(words.title);
    doc.fontSize(10);
    line(`${words.t('mail:invoiceDocument.status')}: ${words.status}    ${words.issued}    ${words.collection}`);
    doc.moveDown();
    line(`${words.t('mail:invoiceDocument.billTo')}:`);
    for (const billTo of party.billTo) line(billTo);
    doc.moveDown();
    for (const charge of words.lines) row(`${charge.text} (${charge.period})`, charge.amount);
    doc.moveDown();
    for (const [label, value] of words.summary) row(label, value);
    doc.end();
  });
};
