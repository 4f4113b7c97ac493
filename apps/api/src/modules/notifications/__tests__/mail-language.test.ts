import type { CurrencyCode } from '@merchant-hub/domain';
import { createI18n, type SupportedLocale } from '@merchant-hub/i18n';
import { formatMoney } from '@merchant-hub/money';
import request from 'supertest';
import { advance, bearer, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, DEMO_PASSWORD, mailbox, type MailboxEntry, type TestContext, testDatabases } from '../../../test-support/test-app';

/** The mail namespace of `lng`, rendered as libs/i18n renders it. */
const mailT = (lng: SupportedLocale) => createI18n({ lng }).getFixedT(lng, 'mail');
/** Every date day first in digits, in every language (issue 31 #5): 30/12/2026, never "December 30, 2026". */
const day = (_lng: SupportedLocale, seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10).split('-').reverse().join('/');

describe.each(testDatabases)('e-mails in the recipient’s language (%s)', (kind) => {
  let ctx: TestContext;
  let staff: string;
  const SG = 'merchant-sg@demo.test';
  const MY = 'merchant-my@demo.test';

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    staff = await tokenFor(ctx, 'admin@demo.test');
  });
  afterAll(() => ctx.close());

  const userIdOf = async (email: string) => Number((await ctx.db('users').where({ email }).first('id')).id);
  const merchantIdOf = async (email: string) => Number((await ctx.db('merchants').where({ owner_user_id: await userIdOf(email) }).first('id')).id);
  /** Messages written after the message `afterId` (the mailbox is newest first). */
  const mailSince = async (to: string, afterId: number): Promise<MailboxEntry[]> => (await mailbox(ctx, to)).filter((m) => m.id > afterId);
  const lastId = async (to: string): Promise<number> => (await mailbox(ctx, to))[0]?.id ?? 0;

  /** The sign-in page's password step with its `locale`: the account's language from now on. */
  const signInFrom = async (email: string, locale: string) => {
    // Past the previous code's validity and resend cooldown: a fresh code is sent.
    ctx.clock.advance(15 * 60);
    const status = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email, password: DEMO_PASSWORD, locale });
    expect(status.status).toBe(200);
    const [message] = await mailbox(ctx, email);
    expect((await request(ctx.app).post('/api/erpSubmitOTP').send({ email, code: message.code })).status).toBe(200);
    const login = await request(ctx.app).post('/api/login').send({ email, password: DEMO_PASSWORD, locale });
    expect(login.status).toBe(200);
    return { token: login.body.access_token as string, code: message };
  };

  it('signs in in Malay, and staff resending an open invoice e-mails it in Malay with its PDF listed in the dev mailbox', async () => {
    const { code } = await signInFrom(SG, 'ms-MY');
    expect(code.subject).toBe(mailT('ms')('loginCode.subject'));
    expect((await ctx.db('users').where({ email: SG }).first('locale')).locale).toBe('ms');
    const invoice = await ctx.db('invoices').where({ merchant_id: await merchantIdOf(SG), status: 'open' }).first();
    const before = await lastId(SG);
    const resent = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/resend`).set(bearer(staff)).send({ reason: 'Merchant asked for the invoice again' });
    expect(resent.status).toBe(200);
    const [mail, ...others] = await mailSince(SG, before);
    expect(others).toEqual([]);
    const t = mailT('ms');
    const link = `${ctx.config.publicUrl}/api/invoices/${invoice.id}`;
    expect(mail.subject).toBe(t('invoiceOpen.subject', { number: invoice.number }));
    expect(mail.text).toBe(t('invoiceOpen.text', { number: invoice.number, amount: formatMoney(Number(invoice.amount_due), invoice.currency as CurrencyCode), link }));
    expect(mail.link).toBe(link);
    expect(mail.attachments).toEqual([{ filename: `invoice-${invoice.number}.pdf`, content_type: 'application/pdf', size: expect.any(Number) }]);
    expect(mail.attachments?.[0].size).toBeGreaterThan(1000);
    // The outbox keeps the invoice's id, never the file.
    const row = await ctx.db('outbox').where({ id: mail.id }).first();
    expect(row).toMatchObject({ attachment_invoice_id: invoice.id, kind: 'invoice_resent' });
  });

  it('tells a merchant whose language is th of each failed retry, then of the cancellation, in Thai', async () => {
    await signInFrom(SG, 'th');
    const t = mailT('th');
    const merchantId = await merchantIdOf(SG);
    const userId = await userIdOf(SG);
    const sub = await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default', stripe_status: 'past_due' }).first();
    const invoice = await ctx.db('invoices').where({ merchant_id: merchantId, status: 'open' }).orderBy('seq', 'desc').first();
    const amount = formatMoney(Number(invoice.amount_due), invoice.currency as CurrencyCode);
    const billingPage = `${ctx.config.publicUrl}/home/dashboard`;

    // The next retry is refused by the card: one Thai notice, naming the retry after it.
    const offset = Number((await ctx.db('sandbox_clocks').where({ merchant_id: merchantId }).first('offset_seconds'))?.offset_seconds ?? 0);
    const now = Math.floor(ctx.clock.now().getTime() / 1000) + offset;
    let before = await lastId(SG);
    await advance(ctx, staff, userId, Math.max(60, Number(sub.next_retry_at) - now + 60));
    const retried = await ctx.db('subscriptions').where({ id: sub.id }).first();
    expect(Number(retried.dunning_attempts)).toBe(Number(sub.dunning_attempts) + 1);
    const [failed, ...rest] = await mailSince(SG, before);
    expect(rest).toEqual([]);
    expect(failed.subject).toBe(t('paymentFailed.subject', { number: invoice.number }));
    expect(failed.text).toBe(t('paymentFailed.text', { amount, number: invoice.number, date: day('th', Number(retried.next_retry_at)), link: billingPage }));
    expect(failed.link).toBe(billingPage);
    expect(failed.attachments).toBeUndefined();

    // After the last retry the plan is cancelled, and the merchant is told so in Thai.
    before = await lastId(SG);
    await advance(ctx, staff, userId, 30 * 86400);
    const canceled = await ctx.db('subscriptions').where({ id: sub.id }).first();
    expect(canceled.stripe_status).toBe('canceled');
    const notices = await mailSince(SG, before);
    const final = notices.find((m) => m.subject === t('paymentFailedFinal.subject'));
    expect(final?.text).toBe(t('paymentFailedFinal.text', { amount, number: invoice.number, date: day('th', Number(canceled.canceled_at)), link: billingPage }));
    // One jump over every remaining retry: no notice announces a retry the same run already made (issue 31 #7),
    // so the cancellation is all there is to tell.
    expect(notices).toEqual([final]);
  });

  it('follows the profile’s language setting: the next reset link is written in Traditional Chinese', async () => {
    const { token } = await signInFrom(MY, 'en');
    const userId = await userIdOf(MY);
    const profile = await request(ctx.app).put(`/api/users/${userId}`).set(bearer(token)).send({ name: 'Aisyah', email: MY, phone: null, locale: 'zh-Hant' });
    expect(profile.status).toBe(200);
    const before = await lastId(MY);
    expect((await request(ctx.app).post('/api/forgot-password').send({ email: MY })).status).toBe(200);
    const [reset] = await mailSince(MY, before);
    const t = mailT('zhtw');
    expect(reset.subject).toBe(t('passwordReset.subject'));
    expect(reset.text).toBe(t('passwordReset.text', { minutes: 60, link: reset.link }));
    expect(reset.link).toMatch(new RegExp(`^${ctx.config.publicUrl}/reset-password/[\\w-]+$`));
  });

  it('a sign-in without a locale keeps the language the account has', async () => {
    await ctx.db('users').where({ email: MY }).update({ locale: 'zh' });
    ctx.clock.advance(15 * 60);
    const before = await lastId(MY);
    const status = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email: MY, password: DEMO_PASSWORD });
    expect(status.status).toBe(200);
    const [code] = await mailSince(MY, before);
    expect(code.subject).toBe(mailT('zh')('loginCode.subject'));
    expect(code.text).toBe(mailT('zh')('loginCode.text', { code: code.code, minutes: 5 }));
  });
  it('tells a merchant reading Thai that a downgrade is scheduled and, after unsubscribing, when the plan ends', async () => {
    const { token } = await signInFrom(MY, 'th-TH');
    const t = mailT('th');
    const post = (path: string, body: Record<string, unknown>) => request(ctx.app).post(`/api/users/billing/${path}`).set(bearer(token)).send(body);
    const merchantId = await merchantIdOf(MY);
    const current = await ctx.db('subscriptions').where({ merchant_id: merchantId, name: 'default', stripe_status: 'active' }).first();
    const packageOf = async (stripeId: string) => ctx.db('packages').where({ stripe_id: stripeId }).first('id', 'name');
    const starter = await packageOf('price_my_starter_monthly');
    const growth = await packageOf('price_my_growth_monthly');
    const billingPage = `${ctx.config.publicUrl}/home/dashboard`;
    const periodEnd = day('th', Number(current.current_period_end));

    let before = await lastId(MY);
    expect((await post('downgrade-or-upgrade', { package_id: starter.id, type: 'downgrade' })).status).toBe(200);
    const [scheduled, ...more] = await mailSince(MY, before);
    expect(more).toEqual([]);
    expect(scheduled.subject).toBe(t('planChangeScheduled.subject', { date: periodEnd }));
    expect(scheduled.text).toBe(t('planChangeScheduled.text', { plan: `${starter.name} (${t('period.monthly')})`, date: periodEnd, link: billingPage }));

    before = await lastId(MY);
    expect((await post('unsubscribe', {})).status).toBe(200);
    const [ending, ...others] = await mailSince(MY, before);
    expect(others).toEqual([]);
    expect(ending.subject).toBe(t('planEnding.subject', { date: periodEnd }));
    expect(ending.text).toBe(t('planEnding.text', { plan: `${growth.name} (${t('period.monthly')})`, date: periodEnd, link: billingPage }));
  });
});
