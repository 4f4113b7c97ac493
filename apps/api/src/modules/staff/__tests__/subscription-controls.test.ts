import { cancellationCredit, compMonthCredit } from '@merchant-hub/billing-rules';
import { createI18n } from '@merchant-hub/i18n';
import { formatMoney } from '@merchant-hub/money';
import request from 'supertest';
import { ECPAY_STAGE_CREDENTIALS } from '../../../gateways/ecpay/ecpay.gateway';
import { hashPassword } from '../../../security/crypto';
import { advance, bearer, tokenFor } from '../../../test-support/billing-helpers';
import { taiwanCheckoutForm } from '../../../test-support/checkout-helpers';
import { createFakeEcpay } from '../../../test-support/fake-ecpay';
import { createTestContext, mailbox, signIn, testDatabases, type TestContext } from '../../../test-support/test-app';
import { useEcpayTransport } from '../../billing';

// Issue 27 capability 3: subscription controls for staff, each previewed and committed with the preview's token
// and a reason; audited with both identities, refused attempts too; the money through libs/billing-rules.

const DAY = 86_400;
const reason = 'Agreed with the owner on ticket #9120';
const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';
const PH = 'merchant-ph@demo.test';
const TH = 'merchant-th@demo.test';

describe.each(testDatabases)('staff subscription controls (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  beforeEach(async () => {
    ctx = await createTestContext(kind);
    [support, admin] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test')]);
  });
  afterEach(async () => ctx.close());

  const userOf = (email: string) => ctx.demo.get(email)?.userId as number;
  const merchantOf = (email: string) => ctx.demo.get(email)?.merchantId as number;
  const staffIdOf = async (email: string) => Number((await ctx.db('users').where({ email }).first('id')).id);
  /** The merchant's newest plan, its times as numbers (PostgreSQL answers bigint columns as strings). */
  const planOf = async (email: string) => {
    const row = await ctx.db('subscriptions').where({ merchant_id: merchantOf(email), name: 'default' }).whereNot({ stripe_status: 'trialing' }).orderBy('id', 'desc').first();
    for (const field of ['canceled_at', 'ends_at', 'current_period_start', 'current_period_end', 'billing_cycle_anchor', 'next_retry_at']) row[field] = row[field] === null ? null : Number(row[field]);
    return row;
  };
  const preview = (token: string, email: string, control: string, body: Record<string, unknown> = {}) =>
    request(ctx.app).post(`/api/staff/merchants/${userOf(email)}/subscription/${control}/preview`).set(bearer(token)).send({ reason, ...body });
  const commit = (token: string, email: string, control: string, body: Record<string, unknown>) =>
    request(ctx.app).post(`/api/staff/merchants/${userOf(email)}/subscription/${control}`).set(bearer(token)).send({ reason, ...body });
  /** Preview, then commit with the preview's token: both answers. */
  const run = async (token: string, email: string, control: string, body: Record<string, unknown> = {}) => {
    const seen = await preview(token, email, control, body);
    expect(seen.status).toBe(200);
    const done = await commit(token, email, control, { ...body, preview_token: seen.body.preview_token });
    return { preview: seen.body, commit: done };
  };
  const auditOf = (action: string) => ctx.db('audit_log').where({ action }).orderBy('id', 'desc');
  const balanceOf = async (email: string) => Number((await ctx.db('billing_accounts').where({ merchant_id: merchantOf(email) }).first('balance')).balance);

  describe('validation and roles', () => {
    it('refuses a missing reason, out-of-range days and billing days, and a commit without a preview token (400)', async () => {
      const noReason = await request(ctx.app).post(`/api/staff/merchants/${userOf(SG)}/subscription/extend-grace/preview`).set(bearer(support)).send({ days: 3 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.error.details.fields).toHaveProperty('reason');
      for (const days of [0, 31, 2.5, '3']) expect((await preview(support, SG, 'extend-grace', { days })).status).toBe(400);
      for (const day of [0, 29, 'x']) expect((await preview(support, MY, 'billing-day', { day })).status).toBe(400);
      expect((await preview(support, MY, 'cancel-now')).body.error.details.fields).toHaveProperty('prorated_credit');
      const noToken = await commit(support, MY, 'cancel-at-period-end', {});
      expect(noToken.status).toBe(400);
      expect(noToken.body.error.details.fields).toHaveProperty('preview_token');
      expect((await commit(support, MY, 'cancel-at-period-end', { preview_token: 'forged.token' })).status).toBe(409);
      expect((await request(ctx.app).post('/api/staff/merchants/999999/subscription/comp-month/preview').set(bearer(support)).send({ reason })).status).toBe(404);
      expect((await request(ctx.app).post('/api/staff/merchants/abc/subscription/comp-month/preview').set(bearer(support)).send({ reason })).status).toBe(404);
      expect((await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/subscription/pause/preview`).set(bearer(support)).send({ reason })).status).toBe(404);
    });

    it('answers a merchant 403 and no one signed in 401, before reading the body, and changes nothing', async () => {
      const merchant = await tokenFor(ctx, MY);
      const before = await planOf(MY);
      for (const control of ['cancel-now', 'cancel-at-period-end', 'extend-grace', 'billing-day', 'comp-month', 'reinstate']) {
        expect((await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/subscription/${control}/preview`).set(bearer(merchant)).send({})).status).toBe(403);
        expect((await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/subscription/${control}`).set(bearer(merchant)).send({ reason, preview_token: 'x.y' })).status).toBe(403);
        expect((await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/subscription/${control}`).send({ reason, preview_token: 'x.y' })).status).toBe(401);
      }
      expect(await planOf(MY)).toEqual(before);
    });

    it('refuses read-only staff both the preview and the commit (403 staff_read_only), the attempt audited, nothing changed', async () => {
      const readOnly = await tokenFor(ctx, 'readonly@demo.test');
      const before = await planOf(MY);
      const seen = await preview(readOnly, MY, 'comp-month');
      expect(seen.status).toBe(403);
      expect(seen.body.error.code).toBe('staff_read_only');
      const done = await commit(readOnly, MY, 'comp-month', { preview_token: (await preview(support, MY, 'comp-month')).body.preview_token });
      expect(done.status).toBe(403);
      expect(done.body.error.code).toBe('staff_read_only');
      expect(await planOf(MY)).toEqual(before);
      expect(Number((await ctx.db('audit_log').where({ actor_user_id: await staffIdOf('readonly@demo.test'), outcome: 'refused' }).count({ n: '*' }).first())?.n)).toBeGreaterThan(0);
    });
  });

  describe('cancel now', () => {
    it('cancels an active plan at once with the unused time as credit, audited with both identities, on the timeline and in the back office', async () => {
      const plan = await planOf(MY);
      const balance = await balanceOf(MY);
      const { preview: seen, commit: done } = await run(support, MY, 'cancel-now', { prorated_credit: true });
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      const paid = await ctx.db('invoices').where({ subscription_id: plan.id, status: 'paid', period_end: plan.current_period_end }).select('subtotal', 'discount');
      const expected = cancellationCredit({
        periodAmountsMinor: [Number(plan.unit_amount) * Number(plan.quantity)],
        periodStart: Number(plan.current_period_start),
        periodEnd: Number(plan.current_period_end),
        at: now,
        paidForPeriodMinor: paid.map((row) => Number(row.subtotal)),
        deductedMinor: paid.map((row) => Number(row.discount)),
        currency: 'MYR',
      });
      expect(expected).toBeGreaterThan(0);
      expect(seen).toMatchObject({ control: 'cancel-now', status: { before: 'active', after: 'canceled' }, ends_at: { before: null, after: now }, credit_minor: expected, balance_before_minor: -balance, balance_after_minor: -balance + expected, requires_approval: false });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ control: 'cancel-now', credit: { status: 'applied', amount_minor: expected, credit_note_number: null } });
      expect(await planOf(MY)).toMatchObject({ stripe_status: 'canceled', canceled_at: now, ends_at: now });
      expect(await balanceOf(MY)).toBe(balance - expected);

      const [entry] = await auditOf('subscription.cancel_now');
      expect(entry).toMatchObject({ actor_user_id: await staffIdOf('support@demo.test'), merchant_id: merchantOf(MY), reason, outcome: 'succeeded', actor_role: 'support' });
      expect(JSON.parse(entry.after_summary)).toMatchObject({ status: 'canceled', credit_balance_minor: -balance + expected });
      const timeline = await request(ctx.app).get(`/api/staff/merchants/${userOf(MY)}/timeline`).set(bearer(support));
      expect(timeline.body.data.some((event: { title_key: string; reason?: string }) => event.title_key === 'timeline.staff.subscriptionCancelledNow' && event.reason === reason)).toBe(true);

      // The merchant's back office: no plan any more (402 must_subscribe), and support's change with its reason.
      const merchant = await tokenFor(ctx, MY);
      expect((await request(ctx.app).get('/api/users/billing/all').set(bearer(merchant))).status).toBe(402);
      const access = await request(ctx.app).get('/api/users/staff-access').set(bearer(merchant));
      expect(access.body.data[0]).toMatchObject({ action: 'subscription.cancel_now', reason, staff_role: 'support' });
    });

    it('cancels a past-due plan without credit and voids its open invoice', async () => {
      const open = await ctx.db('invoices').where({ merchant_id: merchantOf(SG), status: 'open' });
      expect(open.length).toBeGreaterThan(0);
      const { preview: seen, commit: done } = await run(support, SG, 'cancel-now', { prorated_credit: true });
      expect(seen).toMatchObject({ status: { before: 'past_due', after: 'canceled' }, credit_minor: 0, requires_approval: false });
      expect(seen.voided_invoices.map((invoice: { id: string }) => invoice.id)).toEqual(open.map((invoice) => invoice.id));
      expect(done.status).toBe(200);
      expect(done.body.credit).toBeNull();
      expect(await ctx.db('invoices').where({ merchant_id: merchantOf(SG), status: 'open' })).toHaveLength(0);
      expect((await planOf(SG)).next_retry_at).toBeNull();
    });

    it('tells the merchant by e-mail in its language what ended, when, and the credit added; without credit, no amount', async () => {
      await ctx.db('users').where({ email: MY }).update({ locale: 'th' });
      const before = (await mailbox(ctx, MY))[0]?.id ?? 0;
      const plan = await planOf(MY);
      const pkg = await ctx.db('packages').where({ id: plan.package_id }).first('name', 'billing_period');
      const { commit: done } = await run(support, MY, 'cancel-now', { prorated_credit: true });
      expect(done.status).toBe(200);
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      const day = new Date(now * 1000).toISOString().slice(0, 10).split('-').reverse().join('/');
      const t = createI18n({ lng: 'th' }).getFixedT('th', 'mail');
      const mails = (await mailbox(ctx, MY)).filter((m) => m.id > before);
      expect(mails.map((m) => m.subject)).toEqual([t('planCanceledNowCredit.subject')]);
      const amount = formatMoney(done.body.credit.amount_minor, 'MYR');
      expect(mails[0].text).toBe(t('planCanceledNowCredit.text', { plan: `${pkg.name} (${t('period.' + pkg.billing_period)})`, date: day, amount, link: `${ctx.config.publicUrl}/home/dashboard` }));
      expect(mails[0].text).toContain(amount);

      // A past-due plan cancelled without credit: the e-mail names no amount.
      const sgBefore = (await mailbox(ctx, SG))[0]?.id ?? 0;
      expect((await run(support, SG, 'cancel-now', { prorated_credit: false })).commit.status).toBe(200);
      const sgMails = (await mailbox(ctx, SG)).filter((m) => m.id > sgBefore && m.subject === createI18n({ lng: 'en' }).getFixedT('en', 'mail')('planCanceledNow.subject'));
      expect(sgMails).toHaveLength(1);
    });

    it('refuses while a charge is under way (409 charge_in_flight)', async () => {
      const [invoice] = await ctx.db('invoices').where({ merchant_id: merchantOf(SG), status: 'open' });
      await ctx.db('payments').insert({ id: 'payintent_test', merchant_id: merchantOf(SG), invoice_id: invoice.id, payment_method_id: null, method_type: 'card', amount: invoice.amount_due, currency: invoice.currency, status: 'pending', idempotency_key: 'in-flight-test', created_at: Math.floor(ctx.clock.now().getTime() / 1000) });
      const res = await preview(support, SG, 'cancel-now', { prorated_credit: false });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('charge_in_flight');
    });
  });

  describe('stale previews and refusals', () => {
    it('refuses a commit once the account changed since its preview (409 stale_preview), records the refusal, and changes nothing', async () => {
      const first = await preview(support, MY, 'cancel-at-period-end');
      expect(first.status).toBe(200);
      // Meanwhile another staff member changes the plan.
      expect((await run(admin, MY, 'billing-day', { day: 15 })).commit.status).toBe(200);
      const before = await planOf(MY);
      const stale = await commit(support, MY, 'cancel-at-period-end', { preview_token: first.body.preview_token });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale_preview');
      expect(await planOf(MY)).toEqual(before);
      const [refused] = await auditOf('subscription.cancel_at_period_end');
      expect(refused).toMatchObject({ outcome: 'refused', error_code: 'stale_preview', actor_user_id: await staffIdOf('support@demo.test'), merchant_id: merchantOf(MY), reason });
    });

    it('refuses a token of another control, of other fields or of another merchant', async () => {
      const days3 = await preview(support, SG, 'extend-grace', { days: 3 });
      expect((await commit(support, SG, 'extend-grace', { days: 10, preview_token: days3.body.preview_token })).status).toBe(409);
      expect((await commit(support, SG, 'cancel-now', { prorated_credit: false, preview_token: days3.body.preview_token })).status).toBe(409);
      expect((await commit(support, MY, 'extend-grace', { days: 3, preview_token: days3.body.preview_token })).status).toBe(409);
      expect((await commit(support, SG, 'extend-grace', { days: 3, preview_token: days3.body.preview_token })).status).toBe(200);
      // Used once: the same token again is stale.
      expect((await commit(support, SG, 'extend-grace', { days: 3, preview_token: days3.body.preview_token })).status).toBe(409);
    });
  });

  describe('cancel at period end', () => {
    it('sets the plan to end at its period end, seen in the back office; a plan already ending is refused', async () => {
      const plan = await planOf(MY);
      const { preview: seen, commit: done } = await run(support, MY, 'cancel-at-period-end');
      expect(seen).toMatchObject({ status: { before: 'active', after: 'active' }, ends_at: { before: null, after: Number(plan.current_period_end) }, credit_minor: 0 });
      expect(done.status).toBe(200);
      expect((await planOf(MY)).ends_at).toBe(Number(plan.current_period_end));
      const merchant = await tokenFor(ctx, MY);
      const billing = await request(ctx.app).get('/api/users/billing/all').set(bearer(merchant));
      expect(billing.status).toBe(200);
      expect(JSON.stringify(billing.body)).toContain('ends_at');

      const again = await preview(support, PH, 'cancel-at-period-end');
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('plan_already_ending');
    });
  });

  describe('extend grace', () => {
    it('pushes a past-due plan’s next attempt back, and refuses a plan not past due or a grace beyond 60 days', async () => {
      const plan = await planOf(SG);
      const { preview: seen, commit: done } = await run(support, SG, 'extend-grace', { days: 7 });
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      const after = Math.max(Number(plan.next_retry_at), now) + 7 * DAY;
      expect(seen).toMatchObject({ next_retry_at: { before: Number(plan.next_retry_at), after }, status: { before: 'past_due', after: 'past_due' } });
      expect(done.status).toBe(200);
      expect(Number((await planOf(SG)).next_retry_at)).toBe(after);
      expect(JSON.parse((await auditOf('subscription.extend_grace'))[0].before_summary)).toEqual({ next_retry_at: Number(plan.next_retry_at) });

      expect((await preview(support, MY, 'extend-grace', { days: 7 })).body.error.code).toBe('plan_not_past_due');
      // 30 more days fit (1 + 7 + 30 < 60); 30 after that do not.
      expect((await run(support, SG, 'extend-grace', { days: 30 })).commit.status).toBe(200);
      const beyond = await preview(support, SG, 'extend-grace', { days: 30 });
      expect(beyond.status).toBe(409);
      expect(beyond.body.error.code).toBe('grace_limit_reached');
      expect(Number((await planOf(SG)).next_retry_at)).toBeLessThanOrEqual(now + 60 * DAY);
    });
  });

  describe('billing day', () => {
    it('runs the current period on to the new day, free, and renews on that day after', async () => {
      const plan = await planOf(MY);
      const { preview: seen, commit: done } = await run(support, MY, 'billing-day', { day: 5 });
      expect(done.status).toBe(200);
      const newEnd = seen.period_end.after as number;
      expect(new Date(newEnd * 1000).getUTCDate()).toBe(5);
      expect(newEnd).toBeGreaterThan(Number(plan.current_period_end));
      expect(newEnd - Number(plan.current_period_end)).toBeLessThan(32 * DAY);
      expect(await planOf(MY)).toMatchObject({ current_period_end: newEnd, billing_cycle_anchor: newEnd });
      // Nothing billed at the old end; the renewal comes on the new day and the next period ends on the 5th.
      const invoices = Number((await ctx.db('invoices').where({ merchant_id: merchantOf(MY) }).count({ n: '*' }).first())?.n);
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      await advance(ctx, support, userOf(MY), Number(plan.current_period_end) - now + 60);
      expect(Number((await ctx.db('invoices').where({ merchant_id: merchantOf(MY) }).count({ n: '*' }).first())?.n)).toBe(invoices);
      await advance(ctx, support, userOf(MY), newEnd - Number(plan.current_period_end));
      const renewed = await planOf(MY);
      expect(Number(renewed.current_period_start)).toBe(newEnd);
      expect(new Date(Number(renewed.current_period_end) * 1000).getUTCDate()).toBe(5);
    });

    it('refuses a plan with a change scheduled, and the day it already renews on', async () => {
      expect((await preview(support, TH, 'billing-day', { day: 3 })).body.error.code).toBe('billing_day_unavailable');
      const day = new Date(Number((await planOf(MY)).current_period_end) * 1000).getUTCDate();
      if (day <= 28) expect((await preview(support, MY, 'billing-day', { day })).body.error.code).toBe('billing_day_unavailable');
    });
  });

  describe('comp a month', () => {
    it('credits one month of the plan as a numbered credit note', async () => {
      const plan = await planOf(MY);
      const pkg = await ctx.db('packages').where({ id: plan.package_id }).first();
      const expected = compMonthCredit({ periodAmountMinor: Number(plan.unit_amount) * Number(plan.quantity), period: pkg.billing_period, currency: 'MYR' });
      const balance = await balanceOf(MY);
      const { preview: seen, commit: done } = await run(support, MY, 'comp-month');
      expect(seen).toMatchObject({ credit_minor: expected, credit_note: true, balance_after_minor: -balance + expected, requires_approval: false });
      expect(done.status).toBe(200);
      expect(done.body.credit).toEqual({ adjustment_id: expect.any(String), status: 'applied', amount_minor: expected, credit_note_number: `CN-F${merchantOf(MY)}-1` });
      expect(await balanceOf(MY)).toBe(balance - expected);
      const ledger = await ctx.db('balance_transactions').where({ merchant_id: merchantOf(MY) }).orderBy('seq', 'desc').first();
      expect(ledger.description).toContain(`CN-F${merchantOf(MY)}-1`);
      // A second free month is the next credit note.
      expect((await run(admin, MY, 'comp-month')).commit.body.credit.credit_note_number).toBe(`CN-F${merchantOf(MY)}-2`);
    });

    it('waits for a second staff member above the four-eyes threshold; the merchant sees it only once approved', async () => {
      // Support already moved the threshold for this merchant today.
      const credit = { direction: 'credit', amount_minor: 50_000, description: 'Goodwill', reason };
      const seenCredit = await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/credit-adjustments/preview`).set(bearer(support)).send(credit);
      expect((await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/credit-adjustments`).set(bearer(support)).send({ ...credit, preview_token: seenCredit.body.preview_token })).body.adjustment.status).toBe('applied');
      const balance = await balanceOf(MY);
      const { preview: seen, commit: done } = await run(support, MY, 'comp-month');
      expect(seen.requires_approval).toBe(true);
      expect(done.status).toBe(200);
      expect(done.body.credit.status).toBe('pending_approval');
      expect(await balanceOf(MY)).toBe(balance);
      expect(await auditOf('subscription.comp_month_requested')).toHaveLength(1);
      const merchant = await tokenFor(ctx, MY);
      const access = await request(ctx.app).get('/api/users/staff-access').set(bearer(merchant));
      expect(access.body.data.map((entry: { action: string }) => entry.action)).not.toContain('subscription.comp_month_requested');
      // Support cannot approve their own; the administrator can.
      expect((await request(ctx.app).post(`/api/staff/approvals/${done.body.credit.adjustment_id}/approve`).set(bearer(support)).send({ reason })).status).toBe(403);
      expect((await request(ctx.app).post(`/api/staff/approvals/${done.body.credit.adjustment_id}/approve`).set(bearer(admin)).send({ reason })).status).toBe(200);
      expect(await balanceOf(MY)).toBe(balance - seen.credit_minor);
    });
  });

  describe('ledger words for the merchant', () => {
    const creditHistory = async (email: string) => (await request(ctx.app).get('/api/users/billing/credit-balance').set(bearer(await tokenFor(ctx, email)))).body.balanceTransactions.data;

    it('labels the entries it writes (cancel-now credit, a free month approved later, reversals) and keeps staff-typed text unlabelled', async () => {
      const plan = await ctx.db('packages').where({ id: (await planOf(MY)).package_id }).first('name');
      // A typed credit (no label), then a free month held for approval (labelled once approved).
      const credit = { direction: 'credit', amount_minor: 50_000, description: 'Goodwill for the outage', reason };
      const seenCredit = await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/credit-adjustments/preview`).set(bearer(support)).send(credit);
      const typed = await request(ctx.app).post(`/api/staff/merchants/${userOf(MY)}/credit-adjustments`).set(bearer(support)).send({ ...credit, preview_token: seenCredit.body.preview_token });
      const comp = (await run(support, MY, 'comp-month')).commit.body.credit;
      expect(comp.status).toBe('pending_approval');
      expect((await request(ctx.app).post(`/api/staff/approvals/${comp.adjustment_id}/approve`).set(bearer(admin)).send({ reason })).status).toBe(200);
      const cancelled = (await run(admin, MY, 'cancel-now', { prorated_credit: true })).commit.body.credit;
      for (const id of [cancelled.adjustment_id, typed.body.adjustment.id]) expect((await request(ctx.app).post(`/api/staff/credit-adjustments/${id}/reverse`).set(bearer(admin)).send({ reason })).status).toBe(201);

      const entries = (await creditHistory(MY)).filter((entry: { type: string }) => entry.type === 'adjustment');
      const cancelText = `Unused time of ${plan.name}, cancelled now`;
      expect(entries.slice(0, 5).map((entry: { description: string; label?: unknown }) => [entry.description, entry.label ?? null])).toEqual([
        ['Reversal: Goodwill for the outage', { key: 'reversal', params: { description: 'Goodwill for the outage' } }],
        [`Reversal: ${cancelText}`, { key: 'reversal', params: { description: cancelText, of: { key: 'unusedCancelled', params: { plan: plan.name } } } }],
        [cancelText, { key: 'unusedCancelled', params: { plan: plan.name } }],
        [`Credit note ${comp.credit_note_number}: one free month of ${plan.name}`, { key: 'freeMonth', params: { number: comp.credit_note_number, plan: plan.name } }],
        ['Goodwill for the outage', null],
      ]);
    });
  });

  describe('reinstate', () => {
    it('brings back a plan dunning ended: past due again with its invoice owed, a fresh retry schedule', async () => {
      expect((await preview(support, SG, 'reinstate')).body.error.code).toBe('plan_not_reinstatable');
      // The remaining retries fail: dunning ends the plan.
      await advance(ctx, support, userOf(SG), 8 * DAY);
      const ended = await planOf(SG);
      expect(ended.stripe_status).toBe('canceled');
      const uncollectible = await ctx.db('invoices').where({ subscription_id: ended.id, status: 'uncollectible' });
      expect(uncollectible.length).toBeGreaterThan(0);
      const { preview: seen, commit: done } = await run(admin, SG, 'reinstate');
      expect(seen).toMatchObject({ status: { before: 'canceled', after: 'past_due' }, credit_minor: 0 });
      expect(seen.reopened_invoices.map((invoice: { id: string }) => invoice.id)).toEqual(uncollectible.map((invoice) => invoice.id));
      expect(done.status).toBe(200);
      const back = await planOf(SG);
      expect(back).toMatchObject({ id: ended.id, stripe_status: 'past_due', canceled_at: null, ends_at: null, dunning_attempts: 0 });
      expect(Number(back.next_retry_at)).toBe(seen.next_retry_at.after);
      expect((await ctx.db('invoices').where({ id: uncollectible[0].id }).first()).status).toBe('open');
      // The merchant has a plan again, past due, and can pay it.
      const merchant = await tokenFor(ctx, SG);
      expect((await request(ctx.app).get('/api/users/billing/all').set(bearer(merchant))).status).toBe(200);
      expect((await auditOf('subscription.reinstate'))[0]).toMatchObject({ actor_role: 'superadmin', merchant_id: merchantOf(SG), outcome: 'succeeded' });
      // Once is enough.
      expect((await preview(admin, SG, 'reinstate')).body.error.code).toBe('plan_not_reinstatable');
    });

    it('does not reinstate a plan the merchant ended themselves', async () => {
      await advance(ctx, support, userOf(PH), 40 * DAY);
      expect((await planOf(PH)).stripe_status).toBe('canceled');
      expect((await preview(support, PH, 'reinstate')).body.error.code).toBe('plan_not_reinstatable');
    });
  });
});

describe.each(testDatabases)('staff subscription controls and ECPay agreements (%s)', (kind) => {
  const shop = { merchantId: ECPAY_STAGE_CREDENTIALS.merchantId, hashKey: ECPAY_STAGE_CREDENTIALS.hashKey, hashIv: ECPAY_STAGE_CREDENTIALS.hashIv };
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(kind, { env: { ECPAY_MODE: 'stage' } });
  });
  afterEach(async () => ctx.close());

  it.each([
    ['cancel-now', { prorated_credit: false }],
    ['billing-day', { day: 3 }],
    ['comp-month', {}],
  ])('%s cancels the agreement that paid the plan at ECPay, after the commit', async (control, body) => {
    const ecpay = createFakeEcpay(shop);
    useEcpayTransport(ctx.config, ecpay.transport);
    const email = 'controls-tw@shop.test';
    const order = await request(ctx.app).post('/api/ecpay/create-order').send(await taiwanCheckoutForm(ctx, email));
    expect(order.status).toBe(201);
    const fields = order.body.data.fields as Record<string, string>;
    const paid = ecpay.pay(fields);
    expect((await request(ctx.app).post(new URL(paid.url).pathname).type('form').send(paid.body)).text).toBe('1|OK');
    const user = await ctx.db('users').where({ email }).first('id');
    await ctx.db('users').where({ id: user.id }).update({ password_hash: await hashPassword('Merchant2026', ctx.config.scryptCost) });
    expect((await ctx.db('ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first()).status).toBe('active');

    const support = (await signIn(ctx, 'support@demo.test')).token;
    const seen = await request(ctx.app).post(`/api/staff/merchants/${user.id}/subscription/${control}/preview`).set(bearer(support)).send({ reason, ...body });
    expect(seen.status).toBe(200);
    expect(seen.body.cancels_ecpay_agreement).toBe(true);
    const done = await request(ctx.app).post(`/api/staff/merchants/${user.id}/subscription/${control}`).set(bearer(support)).send({ reason, ...body, preview_token: seen.body.preview_token });
    expect(done.status).toBe(200);
    expect((await ctx.db('ecpay_agreements').where({ merchant_trade_no: fields.MerchantTradeNo }).first()).status).toBe('canceled');
    expect(ecpay.calls.some((call) => call.url.endsWith('/CreditCardPeriodAction') && call.fields.Action === 'Cancel')).toBe(true);
  });
});
