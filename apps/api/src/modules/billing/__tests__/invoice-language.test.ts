import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, packageId, tokenFor } from '../../../test-support/billing-helpers';
import { invoiceMail, invoicePdfAttachment } from '../documents/invoice-mail';

// Issue 31 #5: the hosted invoice page and its PDF read in the merchant's language: labels, the tax by its local
// name, each line worded from what it is, dates day first (DD/MM/YYYY) and amounts as libs/money writes them.

const DAY_FIRST = /\b\d{2}\/\d{2}\/\d{4}\b/;

describe.each(testDatabases)('invoices in the merchant\'s language (%s)', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
  });
  afterEach(async () => ctx.close());

  const ownerSpeaks = (email: string, locale: string) => ctx.db('users').where({ email }).update({ locale });
  const firstInvoice = async (email: string) => String((await ctx.db('invoices').where({ merchant_id: ctx.demo.get(email)?.merchantId }).orderBy('seq').first('id')).id);
  const page = async (email: string, path: string) => request(ctx.app).get(path).set(bearer(await tokenFor(ctx, email)));

  it('writes a Taiwanese merchant\'s invoice page in 繁體中文: labels, business tax, day-first dates, NT$ amounts', async () => {
    await ownerSpeaks('merchant-tw@demo.test', 'zhtw');
    const id = await firstInvoice('merchant-tw@demo.test');
    const res = await page('merchant-tw@demo.test', `/api/invoices/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="zh-Hant-TW">');
    for (const words of ['發票', '小計', '營業稅（5%）', '應付金額', '下載 PDF', '說明', '帳單寄送至', 'NT$']) expect(res.text).toContain(words);
    expect(res.text).toMatch(DAY_FIRST);
    for (const english of ['Subtotal', 'Amount due', 'Business tax', 'Download PDF', 'Bill to', 'monthly', 'yearly']) expect(res.text).not.toContain(english);
  });

  it('writes a Thai merchant\'s invoice page in Thai with VAT by its Thai name and baht amounts', async () => {
    await ownerSpeaks('merchant-th@demo.test', 'th');
    const res = await page('merchant-th@demo.test', `/api/invoices/${await firstInvoice('merchant-th@demo.test')}`);
    expect(res.status).toBe(200);
    for (const words of ['ใบแจ้งหนี้', 'ภาษีมูลค่าเพิ่ม อัตรา 7%', 'ยอดรวม', '฿']) expect(res.text).toContain(words);
    expect(res.text).not.toContain('VAT - Thailand');
  });

  it('words a plan change\'s lines and the billing state and country in the owner\'s language', async () => {
    const email = 'merchant-my@demo.test';
    const token = await tokenFor(ctx, email);
    const details = { name: 'Aisyah Rahman', email, address1: '12 Jalan Ampang', city: 'Shah Alam', postal_code: '40000', country: 'Malaysia', state_or_region: 'Selangor' };
    const billing = (await request(ctx.app).get('/api/users/billing/all').set(bearer(token))).body as { billing?: { id?: number } };
    const saved = await request(ctx.app).patch(`/api/users/billing/${billing.billing?.id ?? ctx.demo.get(email)?.merchantId}`).set(bearer(token)).send(details);
    expect(saved.status).toBe(200);
    const upgraded = await request(ctx.app).post('/api/users/billing/downgrade-or-upgrade').set(bearer(token)).send({ package_id: await packageId(ctx, 'price_my_pro_monthly'), type: 'upgrade' });
    expect(upgraded.status).toBe(200);
    await ownerSpeaks(email, 'zhtw');
    const res = await page(email, `/api/invoices/${upgraded.body.invoice.id as string}`);
    expect(res.text).toMatch(/Pro 自 \d{2}\/\d{2}\/\d{4} 起的剩餘時間/);
    expect(res.text).toContain('雪蘭莪, 馬來西亞');
    expect(res.text).toContain('銷售與服務稅（SST）（8%）');
    expect(res.text).not.toContain('Remaining time');
  });

  it('answers the page in the language asked for (?locale=ms), whatever the owner speaks', async () => {
    const id = await firstInvoice('merchant-tw@demo.test');
    const res = await page('merchant-tw@demo.test', `/api/invoices/${id}?locale=ms`);
    expect(res.text).toContain('Invois');
    expect(res.text).toContain('Jumlah perlu dibayar');
  });

  it('writes the PDF of a Thai and a Taiwanese invoice with fonts that have their script, in their language', async () => {
    await ownerSpeaks('merchant-th@demo.test', 'th');
    await ownerSpeaks('merchant-tw@demo.test', 'zhtw');
    const th = await page('merchant-th@demo.test', `/api/invoices/${await firstInvoice('merchant-th@demo.test')}.pdf`);
    expect(th.status).toBe(200);
    const thPdf = (th.body as Buffer).toString('latin1');
    expect(thPdf).toContain('NotoSansThai');
    const tw = await page('merchant-tw@demo.test', `/api/invoices/${await firstInvoice('merchant-tw@demo.test')}.pdf`);
    const twPdf = (tw.body as Buffer).toString('latin1');
    expect(twPdf).toContain('NotoSansSC');
    // The document's title (its metadata, UTF-16) is the invoice's in Chinese.
    expect(twPdf).toContain(Buffer.from('\uFEFF發票', 'utf16le').swap16().toString('latin1'));
  });

  it('e-mails receipts and payment failures in each of the five languages with the day first, the receipt\'s PDF in the owner\'s', async () => {
    const invoice = { id: 'in_1', number: 'MH-000042', amountDue: 10692, currency: 'MYR' as const };
    const december30 = Date.UTC(2026, 11, 30, 9) / 1000;
    for (const locale of ['en', 'ms', 'zh', 'zhtw', 'th']) {
      for (const kind of ['invoicePaid', 'paymentFailed'] as const) {
        const mail = invoiceMail(ctx.config.publicUrl, kind, invoice, locale, december30);
        expect(mail.text).toContain('30/12/2026');
        expect(mail.text).toContain('RM 106.92');
        expect(mail.text).not.toMatch(/December|Dec /);
      }
    }
    expect(invoiceMail(ctx.config.publicUrl, 'paymentFailed', invoice, 'zhtw', december30).text).not.toMatch(/We could not/);
    await ownerSpeaks('merchant-tw@demo.test', 'zhtw');
    const attachment = await invoicePdfAttachment({ db: ctx.db, publicUrl: ctx.config.publicUrl })(await firstInvoice('merchant-tw@demo.test'));
    expect(attachment.content.toString('latin1')).toContain('NotoSansSC');
  });
});
