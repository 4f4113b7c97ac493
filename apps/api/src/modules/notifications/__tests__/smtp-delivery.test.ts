import { createI18n, SUPPORTED_LOCALES, type SupportedLocale } from '@merchant-hub/i18n';
import { formatMoney } from '@merchant-hub/money';
import type { CurrencyCode } from '@merchant-hub/domain';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { advance, bearer, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, DEMO_PASSWORD, type TestContext, type TestDbKind, testDatabases } from '../../../test-support/test-app';
import { TOKEN_TTL_SECONDS } from '../../accounts';
import { invoicePdfAttachment } from '../../billing';
import { createSmtpNotifier, RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs, type SmtpNotifier } from '../smtp-notifier';

/** A real SMTP server on a local port: what it accepted, parsed back into messages. */
const startSmtpServer = async (port = 0) => {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address() as AddressInfo;
  return { received, port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** An app whose e-mail goes to a real SMTP server started here; invoice e-mails carry their PDF. */
const startMailedApp = async (kind: TestDbKind) => {
  const smtp = await startSmtpServer();
  let sender: SmtpNotifier | undefined;
  const ctx = await createTestContext(kind, {
    notifierFor: (deps) =>
      (sender = createSmtpNotifier({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Merchant Hub <no-reply@merchant-hub.test>',
        timeoutMs: 3000,
        invoiceAttachment: invoicePdfAttachment({ db: deps.db, publicUrl: 'http://localhost:3000' }),
        ...deps,
      })),
  });
  const close = async () => {
    sender?.close();
    await smtp.close();
    await ctx.close();
  };
  return { smtp, ctx, sender: sender as unknown as SmtpNotifier, close };
};

const addressOf = (mail: ParsedMail): string => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';

describe('mail through a real SMTP server', () => {
  let smtp: Smtp;
  let ctx: TestContext;
  let sender: SmtpNotifier;
  let close: () => Promise<void>;
  const merchant = 'merchant-my@demo.test';

  beforeAll(async () => {
    ({ smtp, ctx, sender, close } = await startMailedApp('sqlite'));
  });
  afterAll(() => close());

  it('delivers the sign-in code intact, and that code signs in', async () => {
    const status = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: merchant, password: DEMO_PASSWORD });
    expect(status.status).toBe(200);
    expect(status.body.mail_delayed).toBeUndefined();
    const mail = smtp.received.find((m) => addressOf(m) === merchant && /sign-in code/.test(m.subject ?? ''));
    expect(mail).toBeDefined();
    const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await request(ctx.app).post('/api/erpSubmitOTP').send({ email: merchant, code })).status).toBe(200);
    expect((await request(ctx.app).post('/api/login').send({ email: merchant, password: DEMO_PASSWORD })).status).toBe(200);
    const row = await ctx.db('outbox').where({ to_address: merchant, kind: 'login_code' }).orderBy('id', 'desc').first();
    expect(row).toMatchObject({ status: 'sent', attempts: 0 });
  });

  it('delivers the reset link intact, and the link opens the reset', async () => {
    expect((await request(ctx.app).post('/api/forgot-password').send({ email: merchant })).status).toBe(200);
    const mail = smtp.received.find((m) => addressOf(m) === merchant && /Reset your/.test(m.subject ?? ''));
    const link = mail?.text?.match(/https?:\/\/\S+\/reset-password\/(\S+)/);
    expect(link?.[0].startsWith(`${ctx.config.publicUrl}/reset-password/`)).toBe(true);
    const opened = await request(ctx.app).get(`/api/forgot-password/token/${link?.[1]}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data.email).toBe(merchant);
  });

  it.each([
    ['en', 'Your sign-in code', 'Your code is 123456.'],
    ['ms', 'Kod log masuk anda', 'Kod anda ialah 123456. Sah selama 5 minit.'],
    ['zh', '您的登录验证码', '您的验证码是 123456，五分钟内有效。'],
    ['zhtw', '您的登入驗證碼', '您的驗證碼是 123456，五分鐘內有效。'],
    ['th', 'รหัสเข้าสู่ระบบของคุณ', 'รหัสของคุณคือ 123456 ใช้ได้ 5 นาที'],
  ])('carries %s text byte for byte (subject and body)', async (language, subject, text) => {
    const to = `reader-${language}@example.test`;
    expect(await sender.send({ channel: 'email', to, subject, text, kind: 'login_code' })).toBeUndefined();
    const mail = smtp.received.find((m) => addressOf(m) === to);
    expect(mail?.subject).toBe(subject);
    expect(mail?.text?.trim()).toBe(text);
  });
});

describe('mail while the SMTP server is down', () => {
  let ctx: TestContext;
  let sender: SmtpNotifier;
  let port: number;
  const merchant = 'merchant-sg@demo.test';

  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there until the test starts the server.
    const probe = await startSmtpServer();
    port = probe.port;
    await probe.close();
    ctx = await createTestContext('sqlite', {
      notifierFor: (deps) => (sender = createSmtpNotifier({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@merchant-hub.test', timeoutMs: 2000, ...deps })),
    });
  });
  afterAll(async () => {
    sender.close();
    await ctx.close();
  });

  it('answers the sign-in at once saying the code is delayed, keeps it in the outbox, retries with backoff and delivers it once the server is back', async () => {
    const status = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: merchant, password: DEMO_PASSWORD });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ success: true, skip_otp: false, mail_delayed: true });

    const row = () => ctx.db('outbox').where({ to_address: merchant, kind: 'login_code' }).orderBy('id', 'desc').first();
    const first = await row();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(first.next_attempt_at).getTime() - ctx.clock.now().getTime()).toBe(RETRY_BASE_MS);
    expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);

    // Not due yet: nothing is tried.
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0 });
    ctx.clock.advance(RETRY_BASE_MS / 1000);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const second = await row();
    expect(second.attempts).toBe(2);
    expect(new Date(second.next_attempt_at).getTime() - ctx.clock.now().getTime()).toBe(2 * RETRY_BASE_MS);
    expect((await request(ctx.app).get('/api/metrics')).text).toMatch(/^outbox_backlog 1$/m);

    const smtp = await startSmtpServer(port);
    try {
      ctx.clock.advance((2 * RETRY_BASE_MS) / 1000);
      expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0 });
      const mail = smtp.received.find((m) => addressOf(m) === merchant);
      const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
      expect((await request(ctx.app).post('/api/erpSubmitOTP').send({ email: merchant, code })).status).toBe(200);
      expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
      expect((await request(ctx.app).get('/api/metrics')).text).toMatch(/^outbox_backlog 0$/m);
      // Sent once: a further run finds nothing.
      expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received.filter((m) => addressOf(m) === merchant)).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  }, 30_000);

  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, 8 * RETRY_BASE_MS]);
    expect(retryDelayMs(30)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(1000)).toBe(RETRY_CAP_MS);
  });
});

/**
 * The text a PDF shows, read without a PDF library: every Flate stream inflated, and the strings of its text
 * operators (pdfkit writes them as hex glyph codes, split where it kerns) joined per operator.
 */
const pdfText = (pdf: Buffer): string => {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\([^)]*\)|[-\d.\s])*)\]\s*TJ/g)) {
      shown.push([...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
    }
  }
  return shown.join('\n');
};

/** How the test writes each language's locale on the sign-in request: the spellings the product meets. */
const SPELLED: Record<SupportedLocale, string> = { en: 'en-US', ms: 'ms-MY', zh: 'zh-CN', zhtw: 'zh-TW', th: 'th_TH' };

describe.each(testDatabases)('mail in every language through a real SMTP server (%s)', (kind) => {
  let smtp: Smtp;
  let ctx: TestContext;
  let sender: SmtpNotifier;
  let close: () => Promise<void>;
  let staff: string;
  let merchantUserId: number;
  let merchantId: number;
  const merchant = 'merchant-my@demo.test';

  beforeAll(async () => {
    ({ smtp, ctx, sender, close } = await startMailedApp(kind));
    staff = await tokenFor(ctx, 'admin@demo.test');
    merchantUserId = Number((await ctx.db('users').where({ email: merchant }).first('id')).id);
    merchantId = Number((await ctx.db('merchants').where({ owner_user_id: merchantUserId }).first('id')).id);
  });
  afterAll(() => close());

  /**
   * A message's text as written: a 7bit or quoted-printable part reaches the parser ending in the line break
   * that closes the SMTP DATA (a base64 part does not), so that one break is not part of the text.
   */
  const bodyOf = (mail: ParsedMail): string => (mail.text ?? '').replace(/\n$/, '');

  /** What the server received to `to` since `mark` (an index into the received list): exactly one message. */
  const onlyMailSince = (mark: number, to: string): ParsedMail => {
    const mails = smtp.received.slice(mark).filter((m) => addressOf(m) === to);
    expect(mails).toHaveLength(1);
    return mails[0];
  };

  it.each(SUPPORTED_LOCALES)('%s: the sign-in code, the reset link and the renewal invoice with its PDF arrive intact', async (lng) => {
    const t = createI18n({ lng }).getFixedT(lng, 'mail');
    // Past the last code's validity and the resend cooldown: a fresh code is sent.
    ctx.clock.advance(15 * 60);

    // 1. The sign-in code, in the language of the sign-in page.
    let mark = smtp.received.length;
    const status = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: merchant, password: DEMO_PASSWORD, locale: SPELLED[lng] });
    expect([status.status, status.body.message, status.body.mail_delayed]).toEqual([200, 'OTP sent', undefined]);
    const codeMail = onlyMailSince(mark, merchant);
    const code = codeMail.text?.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(codeMail.subject).toBe(t('loginCode.subject'));
    expect(bodyOf(codeMail)).toBe(t('loginCode.text', { code, minutes: 5 }));
    expect((await request(ctx.app).post('/api/erpSubmitOTP').send({ email: merchant, code })).status).toBe(200);
    const login = await request(ctx.app).post('/api/login').send({ email: merchant, password: DEMO_PASSWORD, locale: SPELLED[lng] });
    expect(login.status).toBe(200);
    const merchantToken = login.body.access_token as string;

    // 2. The reset link, in the language stored at sign-in (the forgot-password form sends none).
    mark = smtp.received.length;
    expect((await request(ctx.app).post('/api/forgot-password').send({ email: merchant })).status).toBe(200);
    const resetMail = onlyMailSince(mark, merchant);
    const link = resetMail.text?.match(/https?:\/\/\S+\/reset-password\/(\S+)/);
    expect(link?.[0].startsWith(`${ctx.config.publicUrl}/reset-password/`)).toBe(true);
    expect(resetMail.subject).toBe(t('passwordReset.subject'));
    expect(bodyOf(resetMail)).toBe(t('passwordReset.text', { minutes: TOKEN_TTL_SECONDS.password_reset_tokens / 60, link: link?.[0] }));
    const opened = await request(ctx.app).get(`/api/forgot-password/token/${link?.[1]}`);
    expect([opened.status, opened.body.data?.email]).toEqual([200, merchant]);

    // 3. A month on: the plan renews, the card is charged and the receipt carries the invoice's PDF.
    mark = smtp.received.length;
    await advance(ctx, staff, merchantUserId, 31 * 86400);
    const invoice = await ctx.db('invoices').where({ merchant_id: merchantId, status: 'paid', billing_reason: 'subscription_cycle' }).orderBy('seq', 'desc').first();
    // Queued with the payment, delivered by the retry timer's run.
    expect(await sender.deliverDue()).toMatchObject({ failed: 0 });
    const receipt = onlyMailSince(mark, merchant);
    const amount = formatMoney(Number(invoice.amount_due), invoice.currency as CurrencyCode);
    // Day first in digits in every language (issue 31 #5).
    const date = new Date(Number(invoice.paid_at) * 1000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const hosted = `${ctx.config.publicUrl}/api/invoices/${invoice.id}`;
    expect(receipt.subject).toBe(t('invoicePaid.subject', { number: invoice.number }));
    expect(bodyOf(receipt)).toBe(t('invoicePaid.text', { amount, number: invoice.number, date, link: hosted }));
    const page = await request(ctx.app).get(hosted.slice(ctx.config.publicUrl.length)).set(bearer(merchantToken));
    expect([page.status, page.text.includes(String(invoice.number))]).toEqual([200, true]);
    expect(receipt.attachments).toHaveLength(1);
    const [pdf] = receipt.attachments;
    expect([pdf.filename, pdf.contentType]).toEqual([`invoice-${invoice.number}.pdf`, 'application/pdf']);
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The PDF is in the merchant's language (issue 31 #5): its title in Latin-script languages reads as text; Thai
    // and Chinese are written with the Noto fonts (their glyphs are not plain text in the file).
    if (lng === 'en' || lng === 'ms') expect(pdfText(pdf.content)).toContain(`${lng === 'ms' ? 'Invois' : 'Invoice'} ${invoice.number}`);
    else expect(pdf.content.toString('latin1')).toMatch(/NotoSans(SC|Thai)/);
  }, 60_000);
});
