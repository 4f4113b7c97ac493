import request from 'supertest';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { bearer, tokenFor } from '../../../test-support/billing-helpers';
import { writeAudit } from '../index';

const MY = 'merchant-my@demo.test';
const SG = 'merchant-sg@demo.test';
const TH = 'merchant-th@demo.test';

const reason = 'Customer asked on chat #4411';

describe.each(testDatabases)('staff console API (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  let myUser: number;
  let sgUser: number;
  let thUser: number;
  beforeEach(async () => {
    // A test here changes the schema on purpose: a database of its own per test, dropped in the background, rather
    // than a reused one dropped and made again before the next test (under load that wait outran the 30 s hook).
    ctx = await createTestContext(kind, { ownDatabase: true });
    [support, admin, merchant] = await Promise.all([tokenFor(ctx, 'support@demo.test'), tokenFor(ctx, 'admin@demo.test'), tokenFor(ctx, MY)]);
    myUser = ctx.demo.get(MY)?.userId as number;
    sgUser = ctx.demo.get(SG)?.userId as number;
    thUser = ctx.demo.get(TH)?.userId as number;
  });
  afterEach(async () => ctx.close());

  const auditCount = async (action?: string) => Number((await ctx.db('audit_log').where(action ? { action } : {}).count({ n: '*' }).first())?.n ?? 0);
  const merchantIdOf = async (userId: number) => Number((await ctx.db('merchants').where({ owner_user_id: userId }).first('id')).id);
  const ledgerCount = async (userId: number) => Number((await ctx.db('balance_transactions').where({ merchant_id: await merchantIdOf(userId) }).count({ n: '*' }).first())?.n ?? 0);
  const preview = async (token: string, userId: number, body: Record<string, unknown>) => {
    const res = await request(ctx.app).post(`/api/staff/merchants/${userId}/credit-adjustments/preview`).set(bearer(token)).send(body);
    expect(res.status).toBe(200);
    return res.body as { preview_token: string; balance_before_minor: number; balance_after_minor: number; requires_approval: boolean };
  };
  const credit = (token: string, userId: number, body: Record<string, unknown>, key?: string) => {
    const call = request(ctx.app).post(`/api/staff/merchants/${userId}/credit-adjustments`).set(bearer(token));
    return (key ? call.set('Idempotency-Key', key) : call).send(body);
  };

  it('refuses a merchant on every staff call (403) and lets support in', async () => {
    const calls: [string, string, Record<string, unknown>?][] = [
      ['get', '/api/staff/me'],
      ['get', '/api/staff/merchants'],
      ['get', '/api/staff/merchants/attention-counts'],
      ['get', `/api/staff/merchants/${sgUser}`],
      ['post', `/api/staff/merchants/${sgUser}/visits`, {}],
      ['get', `/api/staff/merchants/${sgUser}/timeline`],
      ['post', `/api/staff/merchants/${sgUser}/credit-adjustments/preview`, { direction: 'credit', amount_minor: 100, description: 'x', reason }],
      ['post', `/api/staff/merchants/${sgUser}/credit-adjustments`, { preview_token: 'x', direction: 'credit', amount_minor: 100, description: 'x', reason }],
      ['post', '/api/staff/credit-adjustments/cadj_x/reverse', { reason }],
      ['get', '/api/staff/approvals'],
      ['post', '/api/staff/approvals/cadj_x/approve', { reason }],
      ['post', '/api/staff/approvals/cadj_x/reject', { reason }],
      ['post', '/api/staff/invoices/in_x/void', { reason }],
      ['post', '/api/staff/invoices/in_x/mark-uncollectible', { reason }],
      ['post', '/api/staff/invoices/in_x/resend', { reason }],
      ['post', `/api/staff/merchants/${sgUser}/password-reset`, { reason }],
      ['post', `/api/staff/merchants/${sgUser}/wizard-invite`, { reason }],
      ['post', `/api/staff/merchants/${sgUser}/lift-sign-in-ban`, { reason }],
      ['get', '/api/staff/audit'],
      ['get', '/api/staff/audit.csv'],
      ['get', `/api/staff/merchants/${sgUser}/clock`],
      ['post', `/api/staff/merchants/${sgUser}/clock/advance`, { by: { days: 1 }, reason }],
    ];
    const before = await auditCount();
    for (const [method, path, body] of calls) {
      const call = method === 'get' ? request(ctx.app).get(path) : request(ctx.app).post(path).send(body);
      const res = await call.set(bearer(merchant));
      expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'forbidden']);
    }
    expect(await auditCount()).toBe(before);
    const me = await request(ctx.app).get('/api/staff/me').set(bearer(support));
    expect(me.body).toMatchObject({ email: 'support@demo.test', role: 'support' });
    expect((await request(ctx.app).get('/api/staff/me').set(bearer(admin))).body.role).toBe('superadmin');
  });

  it('re-reads the role from the database on every request: a revoked staff role is refused at once', async () => {
    expect((await request(ctx.app).get('/api/staff/merchants').set(bearer(support))).status).toBe(200);
    const supportId = ctx.demo.get('support@demo.test')?.userId as number;
    await ctx.db('user_roles').where({ user_id: supportId }).delete();
    ctx.clock.advance(60);
    expect((await request(ctx.app).get('/api/staff/merchants').set(bearer(support))).status).toBe(403);
  });

  it('finds merchant-sg by part of its e-mail, past due and needing attention, and pages with a cursor', async () => {
    const found = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ q: 'ant-SG@' });
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({ user_id: sgUser, market: 'SG', currency: 'SGD', state: 'past_due', attention: expect.arrayContaining(['past_due', 'failed_payment']) });
    const th = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ state: 'change_scheduled' });
    expect(th.body.data.map((row: { user_id: number }) => row.user_id)).toEqual([thUser]);
    const attention = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ view: 'attention' });
    expect(attention.body.data.map((row: { user_id: number }) => row.user_id)).toContain(sgUser);
    const counts = await request(ctx.app).get('/api/staff/merchants/attention-counts').set(bearer(support));
    expect(counts.body).toMatchObject({ past_due: 1, failed_payments_7d: expect.any(Number), total: expect.any(Number) });
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const res = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ limit: 2, sort: '-name', ...(cursor ? { cursor } : {}) });
      seen.push(...res.body.data.map((row: { merchant_id: number }) => row.merchant_id));
      cursor = res.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    const all = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ limit: 100, sort: '-name' });
    expect(seen).toEqual(all.body.data.map((row: { merchant_id: number }) => row.merchant_id));
    expect(new Set(seen).size).toBe(seen.length);
    const bad = await request(ctx.app).get('/api/staff/merchants').set(bearer(support)).query({ limit: 500, market: 'US', cursor: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toMatchObject({ limit: 'validation:staff.limitInvalid', market: 'validation:staff.marketInvalid' });
  });

  it('shows the merchant page and a timeline with the failed renewal, newest first, paged', async () => {
    const page = await request(ctx.app).get(`/api/staff/merchants/${sgUser}`).set(bearer(support));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ owner: { email: SG }, subscription: { status: 'past_due' }, merchant: { state: 'past_due' } });
    expect(page.body.cards[0]).toEqual(expect.objectContaining({ brand: expect.any(String), last4: expect.any(String), exp_month: expect.any(Number) }));
    expect(page.body.open_invoices).toHaveLength(1);
    const th = await request(ctx.app).get(`/api/staff/merchants/${thUser}`).set(bearer(support));
    expect(th.body.subscription.scheduled_change).toMatchObject({ plan_name: expect.any(String) });
    const open = page.body.open_invoices[0] as { id: string };
    expect((await request(ctx.app).post(`/api/staff/invoices/${open.id}/resend`).set(bearer(support)).send({ reason })).status).toBe(200);
    const timeline = await request(ctx.app).get(`/api/staff/merchants/${sgUser}/timeline`).set(bearer(support)).query({ limit: 100 });
    expect(timeline.status).toBe(200);
    const events = timeline.body.data as { at: number; kind: string; title_key: string; id: string }[];
    expect(events.some((e) => e.kind === 'payment_failed' && e.title_key === 'timeline.payment.failed')).toBe(true);
    expect(events.some((e) => e.kind === 'invoice')).toBe(true);
    expect(events.some((e) => e.kind === 'email')).toBe(true);
    expect(events.some((e) => e.kind === 'staff_action' && e.title_key === 'timeline.staff.invoiceResent')).toBe(true);
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort((a, b) => b - a));
    const first = await request(ctx.app).get(`/api/staff/merchants/${sgUser}/timeline`).set(bearer(support)).query({ limit: 3 });
    const second = await request(ctx.app).get(`/api/staff/merchants/${sgUser}/timeline`).set(bearer(support)).query({ limit: 3, cursor: first.body.next_cursor });
    expect([...first.body.data, ...second.body.data].map((e: { id: string }) => e.id)).toEqual(events.slice(0, 6).map((e) => e.id));
    expect((await request(ctx.app).get('/api/staff/merchants/999999').set(bearer(support))).status).toBe(404);
  });

  it('keeps the reason staff give when acting on a merchant\'s billing, and refuses a reason too short to be one', async () => {
    const short = await request(ctx.app).post('/api/users/billing/retry-payment').set(bearer(support)).send({ user_id: sgUser, type: 'default', reason: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.error.details.fields.reason).toBe('validation:staff.reasonRequired');
    await request(ctx.app).post('/api/users/billing/retry-payment').set(bearer(support)).send({ user_id: sgUser, type: 'default', reason });
    const entry = await ctx.db('audit_log').where({ merchant_id: await merchantIdOf(sgUser), action: 'billing.retry_payment' }).orderBy('id', 'desc').first('reason');
    expect(entry?.reason).toBe(reason);
  });

  it('logs a visit once per 30 minutes per staff member', async () => {
    const visit = () => request(ctx.app).post(`/api/staff/merchants/${sgUser}/visits`).set(bearer(support)).send({});
    expect((await visit()).body).toEqual({ ok: true });
    await visit();
    expect(await auditCount('merchant.viewed')).toBe(1);
    ctx.clock.advance(31 * 60);
    await visit();
    expect(await auditCount('merchant.viewed')).toBe(2);
  });

  it('credits merchant-my by RM 10.00 after a preview, as a ledger entry the merchant sees, audited with reason', async () => {
    const body = { direction: 'credit', amount_minor: 1000, description: 'Goodwill for the outage', reason };
    const quote = await preview(admin, myUser, body);
    expect(quote.balance_after_minor - quote.balance_before_minor).toBe(1000);
    expect(quote.requires_approval).toBe(false);
    const res = await credit(admin, myUser, { ...body, preview_token: quote.preview_token }, 'key-1');
    expect(res.status).toBe(201);
    expect(res.body.adjustment).toMatchObject({ status: 'applied', ledger_entry_id: expect.any(String) });
    const ledger = await request(ctx.app).get('/api/users/billing/credit-balance').set(bearer(merchant));
    expect(JSON.stringify(ledger.body)).toContain('Goodwill for the outage');
    const audit = await request(ctx.app).get('/api/staff/audit').set(bearer(support)).query({ merchant_user_id: myUser, action: 'credit.adjust' });
    expect(audit.body.data[0]).toMatchObject({ reason, outcome: 'succeeded', staff: { email: 'admin@demo.test' }, merchant: { user_id: myUser }, before: { credit_balance_minor: quote.balance_before_minor }, after: { credit_balance_minor: quote.balance_after_minor } });
    const access = await request(ctx.app).get('/api/users/staff-access').set(bearer(merchant));
    expect(access.body.data[0]).toEqual({ at: expect.any(Number), action: 'credit.adjust', reason, staff_role: 'superadmin' });
    expect(JSON.stringify(access.body)).not.toContain('admin@demo.test');
  });

  it('replays a repeated Idempotency-Key once and refuses the same key with another body (422)', async () => {
    const body = { direction: 'credit', amount_minor: 500, description: 'Double click', reason };
    const quote = await preview(admin, myUser, body);
    const before = await ledgerCount(myUser);
    const [a, b] = await Promise.all([credit(admin, myUser, { ...body, preview_token: quote.preview_token }, 'dbl'), credit(admin, myUser, { ...body, preview_token: quote.preview_token }, 'dbl')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(await ledgerCount(myUser)).toBe(before + 1);
    const other = await credit(admin, myUser, { ...body, amount_minor: 600, preview_token: quote.preview_token }, 'dbl');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(await ledgerCount(myUser)).toBe(before + 1);
  });

  it('answers 409 stale_preview when the balance changed since the preview, and the refused audit entry stays while the change rolls back', async () => {
    const body = { direction: 'credit', amount_minor: 700, description: 'Late', reason };
    const quote = await preview(support, myUser, body);
    const other = await preview(admin, myUser, { ...body, amount_minor: 100 });
    expect((await credit(admin, myUser, { ...body, amount_minor: 100, preview_token: other.preview_token })).status).toBe(201);
    const ledgerBefore = await ledgerCount(myUser);
    const stale = await credit(support, myUser, { ...body, preview_token: quote.preview_token });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_preview');
    expect(await ledgerCount(myUser)).toBe(ledgerBefore);
    const entries = await ctx.db('audit_log').where({ action: 'credit.adjust', merchant_id: await merchantIdOf(myUser) }).orderBy('id');
    expect(entries.map((e) => [e.outcome, e.error_code])).toEqual([
      ['succeeded', null],
      ['refused', 'stale_preview'],
    ]);
  });

  it('rolls back the audit entry with a change that fails inside the transaction', async () => {
    const invoice = (await ctx.db('invoices').where({ merchant_id: await merchantIdOf(sgUser), status: 'open' }).first()) as { id: string };
    // A database failure after the audit row was written: the insert into invoices' status fails on purpose.
    await ctx.db.raw(kind === 'postgres' ? 'alter table invoices add constraint no_uncollectible check (status <> \'uncollectible\')' : 'create trigger no_uncollectible before update on invoices when new.status = \'uncollectible\' begin select raise(abort, \'no\'); end');
    const before = await auditCount('invoice.mark_uncollectible');
    const res = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/mark-uncollectible`).set(bearer(support)).send({ reason });
    expect(res.status).toBe(500);
    expect(await auditCount('invoice.mark_uncollectible')).toBe(before);
    expect((await ctx.db('invoices').where({ id: invoice.id }).first()).status).toBe('open');
  });

  it('holds a credit above the threshold for another staff member’s approval, and reverses it with a linked entry', async () => {
    const body = { direction: 'credit', amount_minor: 60_000, description: 'Big refund as credit', reason };
    const quote = await preview(support, myUser, body);
    expect(quote.requires_approval).toBe(true);
    const ledgerBefore = await ledgerCount(myUser);
    const requested = await credit(support, myUser, { ...body, preview_token: quote.preview_token });
    expect(requested.status).toBe(201);
    expect(requested.body.adjustment).toMatchObject({ status: 'pending_approval', ledger_entry_id: null });
    expect(await ledgerCount(myUser)).toBe(ledgerBefore);
    const id = requested.body.adjustment.id as string;
    expect((await request(ctx.app).get('/api/staff/approvals').set(bearer(admin))).body.data.map((a: { id: string }) => a.id)).toContain(id);
    const own = await request(ctx.app).post(`/api/staff/approvals/${id}/approve`).set(bearer(support)).send({ reason });
    expect([own.status, own.body.error.code]).toEqual([403, 'approval_own_request']);
    const approved = await request(ctx.app).post(`/api/staff/approvals/${id}/approve`).set(bearer(admin)).send({ reason: 'Checked the ticket' });
    expect(approved.body.adjustment).toMatchObject({ status: 'applied', ledger_entry_id: expect.any(String) });
    expect(await ledgerCount(myUser)).toBe(ledgerBefore + 1);
    const again = await request(ctx.app).post(`/api/staff/approvals/${id}/approve`).set(bearer(admin)).send({ reason: 'Checked the ticket' });
    expect(again.status).toBe(409);
    const reversed = await request(ctx.app).post(`/api/staff/credit-adjustments/${id}/reverse`).set(bearer(admin)).send({ reason: 'Wrong merchant' });
    expect(reversed.status).toBe(201);
    expect(await ledgerCount(myUser)).toBe(ledgerBefore + 2);
    expect((await ctx.db('staff_credit_adjustments').where({ id }).first()).status).toBe('reversed');
    expect((await ctx.db('staff_credit_adjustments').where({ reverses_id: id }).first()).id).toBe(reversed.body.adjustment.id);
    const twice = await request(ctx.app).post(`/api/staff/credit-adjustments/${id}/reverse`).set(bearer(admin)).send({ reason: 'Wrong merchant' });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'adjustment_not_reversible']);
  });

  it('voids, resends and marks invoices only while open, with a reason', async () => {
    const invoice = (await ctx.db('invoices').where({ merchant_id: await merchantIdOf(sgUser), status: 'open' }).first()) as { id: string };
    const noReason = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/void`).set(bearer(support)).send({ reason: 'x' });
    expect([noReason.status, noReason.body.error.details.fields.reason]).toEqual([400, 'validation:staff.reasonRequired']);
    const resent = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/resend`).set(bearer(support)).send({ reason });
    expect(resent.body.invoice).toEqual({ id: invoice.id, status: 'open' });
    const voided = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/void`).set(bearer(support)).send({ reason });
    expect(voided.body.invoice).toEqual({ id: invoice.id, status: 'void' });
    const again = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/mark-uncollectible`).set(bearer(support)).send({ reason });
    expect([again.status, again.body.error.code]).toEqual([409, 'invoice_not_open']);
    const refused = await ctx.db('audit_log').where({ action: 'invoice.mark_uncollectible' }).first();
    expect(refused).toMatchObject({ outcome: 'refused', error_code: 'invoice_not_open', reason });
  });

  it('sends a password-reset link and lifts a sign-in ban, audited', async () => {
    await ctx.db('one_time_codes').where({ purpose: 'login', subject: MY }).update({ attempts_left: 0, banned_until: new Date(Date.parse('2026-03-02T10:00:00Z')) });
    expect((await request(ctx.app).get(`/api/staff/merchants/${myUser}`).set(bearer(support))).body.owner.sign_in_banned_until).toEqual(expect.any(Number));
    const lifted = await request(ctx.app).post(`/api/staff/merchants/${myUser}/lift-sign-in-ban`).set(bearer(support)).send({ reason });
    expect(lifted.body).toEqual({ ok: true });
    expect((await request(ctx.app).get(`/api/staff/merchants/${myUser}`).set(bearer(support))).body.owner.sign_in_banned_until).toBeNull();
    const mails = Number((await ctx.db('outbox').where({ to_address: MY, kind: 'password_reset' }).count({ n: '*' }).first())?.n);
    expect((await request(ctx.app).post(`/api/staff/merchants/${myUser}/password-reset`).set(bearer(support)).send({ reason })).status).toBe(200);
    expect(Number((await ctx.db('outbox').where({ to_address: MY, kind: 'password_reset' }).count({ n: '*' }).first())?.n)).toBe(mails + 1);
    expect(await auditCount('merchant.password_reset')).toBe(1);
    expect(await auditCount('merchant.lift_sign_in_ban')).toBe(1);
  });

  it('keeps the audit log append-only: the database refuses UPDATE and DELETE', async () => {
    await writeAudit(ctx.db, { actorUserId: ctx.demo.get('support@demo.test')?.userId as number, merchantId: await merchantIdOf(sgUser), action: 'merchant.viewed', at: 1_772_000_000 });
    const before = await ctx.db('audit_log').orderBy('id').select();
    expect(before.length).toBeGreaterThan(0);
    // The refusal's message, or null when the statement went through. Not `rejects.toThrow`: better-sqlite3's native
    // addon keeps the SqliteError class of the first test file that loaded it in this Jest worker, and Jest does not
    // take an error from another file's realm for an error ("Received function did not throw") — which made this
    // check fail only in whole-suite runs, though SQLite refused every time.
    const refusal = (query: PromiseLike<unknown>) => Promise.resolve(query).then(() => null, (error: unknown) => String((error as { message?: unknown }).message ?? error));
    expect(await refusal(ctx.db.raw("update audit_log set reason = 'rewritten'"))).toMatch(/append-only/);
    expect(await refusal(ctx.db('audit_log').where({ action: 'merchant.viewed' }).update({ reason: 'rewritten' }))).toMatch(/append-only/);
    expect(await refusal(ctx.db('audit_log').delete())).toMatch(/append-only/);
    expect(await refusal(ctx.db.raw('delete from audit_log'))).toMatch(/append-only/);
    expect(await ctx.db('audit_log').orderBy('id').select()).toEqual(before);
  });

  it('filters the audit log, pages it and exports CSV', async () => {
    await request(ctx.app).post(`/api/staff/merchants/${sgUser}/visits`).set(bearer(support)).send({});
    await request(ctx.app).post(`/api/staff/merchants/${myUser}/visits`).set(bearer(admin)).send({});
    const bySupport = await request(ctx.app).get('/api/staff/audit').set(bearer(admin)).query({ staff_id: ctx.demo.get('support@demo.test')?.userId });
    expect(bySupport.body.data.every((e: { staff: { email: string } }) => e.staff.email === 'support@demo.test')).toBe(true);
    const firstPage = await request(ctx.app).get('/api/staff/audit').set(bearer(admin)).query({ limit: 1 });
    const next = await request(ctx.app).get('/api/staff/audit').set(bearer(admin)).query({ limit: 1, cursor: firstPage.body.next_cursor });
    expect(next.body.data[0].id).toBeLessThan(firstPage.body.data[0].id);
    const csv = await request(ctx.app).get('/api/staff/audit.csv').set(bearer(admin)).query({ action: 'merchant.viewed' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('id,at,staff_email,merchant_user_id,merchant_name,action,reason,ip,outcome,error_code,attempt_id,before,after');
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
    const badDate = await request(ctx.app).get('/api/staff/audit').set(bearer(admin)).query({ from: 'yesterday' });
    expect(badDate.status).toBe(400);
  });

  it('advances merchant-th’s test clock past its period end and reports the scheduled downgrade applied', async () => {
    const clock = await request(ctx.app).get(`/api/staff/merchants/${thUser}/clock`).set(bearer(support));
    expect(clock.body).toEqual({ now: expect.any(Number), next_renewal_at: expect.any(Number) });
    const missing = await request(ctx.app).post(`/api/staff/merchants/${thUser}/clock/advance`).set(bearer(support)).send({ by: { days: 0 }, reason });
    expect(missing.status).toBe(400);
    const res = await request(ctx.app).post(`/api/staff/merchants/${thUser}/clock/advance`).set(bearer(support)).send({ by: { to: 'next_renewal' }, reason });
    expect(res.status).toBe(200);
    expect(res.body.effects.map((e: { kind: string }) => e.kind)).toContain('scheduled_change');
    expect(res.body.now).toBeGreaterThan(clock.body.next_renewal_at - 1);
    const page = await request(ctx.app).get(`/api/staff/merchants/${thUser}`).set(bearer(support));
    expect(page.body.subscription.scheduled_change).toBeNull();
    expect(await auditCount('clock.advance')).toBe(1);
  });

  it('has no test clock without the sandbox gateway (404)', async () => {
    const config = ctx.config as { paymentGateway: string };
    config.paymentGateway = 'stripe';
    try {
      expect((await request(ctx.app).get(`/api/staff/merchants/${thUser}/clock`).set(bearer(support))).status).toBe(404);
      expect((await request(ctx.app).post(`/api/staff/merchants/${thUser}/clock/advance`).set(bearer(support)).send({ by: { days: 1 }, reason })).status).toBe(404);
    } finally {
      config.paymentGateway = 'sandbox';
    }
  });
});
