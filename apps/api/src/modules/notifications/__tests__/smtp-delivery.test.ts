import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test-support/test-app';
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

const addressOf = (mail: ParsedMail): string => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';

describe('mail through a real SMTP server', () => {
  let smtp: Smtp;
  let ctx: TestContext;
  let sender: SmtpNotifier;
  const merchant = 'merchant-my@demo.test';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext('sqlite', {
      notifierFor: (deps) => (sender = createSmtpNotifier({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Merchant Hub <no-reply@merchant-hub.test>', timeoutMs: 3000, ...deps })),
    });
  });
  afterAll(async () => {
    sender.close();
    await smtp.close();
    await ctx.close();
  });

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
