import request from 'supertest';
import { advance, bearer, postWebhook, staffAndMerchant, tokenFor } from '../../../test-support/billing-helpers';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';

// Issue 25 item 7: staff refunds (preview, commit with a reason, four-eyes approval, credit note on the
// invoice, both identities in the audit log) and the gateway's own refunds and disputes by webhook.
const MY = 'merchant-my@demo.test';
const reason = 'Customer charged for a month they did not use, ticket #8812';
const DAY = 24 * 60 * 60;

type Invoice = { id: string; number: string; total: number; status: string; amount_refunded?: number; credit_notes?: { number: string; amount: number; source: string }[]; disputes?: { id: string; status: string }[] };

describe.each(testDatabases)('staff refunds and gateway refunds/disputes (%s)', (kind) => {
  let ctx: TestContext;
  let support: string;
  let admin: string;
  let merchant: string;
  let userId: number;
  let merchantId: number;
  let supportId: number;

  beforeEach(async () => {
    ctx = await createTestContext(kind);
    ({ support, merchant, userId, merchantId } = await staffAndMerchant(ctx, MY));
    admin = await tokenFor(ctx, 'admin@demo.test');
    supportId = Number((await ctx.db('users').where({ email: 'support@demo.test' }).first('id')).id);
  });
  afterEach(async () => ctx.close());

  /** A renewal a month on: a paid invoice whose payment the configured gateway took. */
  const paidRenewal = async (): Promise<{ invoice: Invoice; paymentId: string; paid: number }> => {
    await advance(ctx, support, userId, 31 * DAY + 60);
    const row = await ctx.db('invoices').where({ merchant_id: merchantId, status: 'paid', billing_reason: 'subscription_cycle' }).orderBy('seq', 'desc').first();
    expect(row).toBeDefined();
    // What the card paid: the invoice less any credit balance applied to it.
    const payment = await ctx.db('payments').where({ invoice_id: row.id, status: 'succeeded' }).first('id', 'amount');
    return { invoice: await merchantInvoice(row.id), paymentId: String(payment.id), paid: Number(payment.amount) };
  };

  const merchantInvoice = async (id: string): Promise<Invoice> => {
    const history = await request(ctx.app).post('/api/users/billing/billing-history').set(bearer(merchant)).send({ date_start: 0, date_end: 4_000_000_000 });
    expect(history.status).toBe(200);
    const found = (history.body.data as Invoice[]).find((invoice) => invoice.id === id);
    expect(found).toBeDefined();
    return found as Invoice;
  };

  const preview = (token: string, invoiceId: string, amount: number) => request(ctx.app).post(`/api/staff/invoices/${invoiceId}/refunds/preview`).set(bearer(token)).send({ amount_minor: amount, reason });
  const commit = (token: string, invoiceId: string, amount: number, previewToken: string, why = reason) =>
    request(ctx.app).post(`/api/staff/invoices/${invoiceId}/refunds`).set(bearer(token)).send({ amount_minor: amount, reason: why, preview_token: previewToken });
  const gatewayRefunds = async (paymentId: string) =>
    ctx.stripe ? ctx.stripe.refunds().filter((r) => r.payment_intent === paymentId).map((r) => r.amount) : (await ctx.db('sandbox_refunds').where({ payment_ref: paymentId })).map((r) => Number(r.amount));

  it('support refunds half of a paid invoice: one gateway refund, a credit note the merchant sees, both identities audited', async () => {
    const { invoice, paymentId, paid } = await paidRenewal();
    const half = Math.floor(paid / 2);
    const seen = await preview(support, invoice.id, half);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ invoice_number: invoice.number, paid_minor: paid, refunded_minor: 0, refundable_minor: paid, amount_minor: half, method: 'card', requires_approval: false });
    const done = await commit(support, invoice.id, half, seen.body.preview_token);
    expect(done.status).toBe(201);
    expect(done.body.refund).toMatchObject({ status: 'succeeded', amount_minor: half, credit_note_number: `CN-${invoice.number}-1` });
    expect(await gatewayRefunds(paymentId)).toEqual([half]);
    if (ctx.stripe) expect(ctx.stripe.refunds().find((r) => r.payment_intent === paymentId)?.metadata).toMatchObject({ refund_id: done.body.refund.id });

    const after = await merchantInvoice(invoice.id);
    expect(after).toMatchObject({ status: 'paid', amount_refunded: half, credit_notes: [{ number: `CN-${invoice.number}-1`, amount: half, source: 'staff' }] });
    // Staff reasons stay with staff.
    expect(JSON.stringify(after)).not.toContain('ticket #8812');

    const audit = await ctx.db('audit_log').where({ action: 'refund.create', merchant_id: merchantId }).orderBy('id');
    expect(audit.map((a) => [a.outcome, Number(a.actor_user_id), a.reason])).toEqual([
      ['attempted', supportId, reason],
      ['succeeded', supportId, reason],
    ]);
    expect(Number(audit[1].attempt_id)).toBe(Number(audit[0].id));

    // The old preview no longer describes the invoice; what is left is the most that can go back.
    expect((await commit(support, invoice.id, half, seen.body.preview_token)).body.error.code).toBe('stale_preview');
    const rest = paid - half;
    const tooMuch = await preview(support, invoice.id, rest + 1);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('refund_too_large');
    expect((await ctx.db('audit_log').where({ action: 'refund.create', outcome: 'refused' })).map((a) => a.error_code)).toEqual(['stale_preview']);
    const second = await preview(support, invoice.id, rest);
    expect(second.body).toMatchObject({ refunded_minor: half, refundable_minor: rest });
    expect((await commit(support, invoice.id, rest, second.body.preview_token)).body.refund).toMatchObject({ status: 'succeeded', credit_note_number: `CN-${invoice.number}-2` });
    expect(await gatewayRefunds(paymentId)).toEqual([half, rest]);
    // Stripe reports our own refunds back (charge.refunded names each in its metadata): nothing is added.
    if (ctx.stripe) expect((await ctx.stripe.deliverWebhooks()).every((d) => d.status === 200)).toBe(true);
    expect(await ctx.db('invoice_refunds').where({ invoice_id: invoice.id })).toHaveLength(2);

    const timeline = await request(ctx.app).get(`/api/staff/merchants/${userId}/timeline`).set(bearer(support));
    expect(timeline.body.data.filter((e: { kind: string }) => e.kind === 'refund').map((e: { title_key: string }) => e.title_key)).toEqual(['timeline.refund.succeeded', 'timeline.refund.succeeded']);
  });

  it('refuses a refund without a reason, of an open invoice, and of an unknown invoice, before any gateway call', async () => {
    const { invoice, paymentId } = await paidRenewal();
    const noReason = await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/refunds/preview`).set(bearer(support)).send({ amount_minor: 100 });
    expect(noReason.status).toBe(400);
    const open = await ctx.db('invoices').where({ merchant_id: merchantId }).whereNot({ status: 'paid' }).first('id');
    if (open) expect((await preview(support, String(open.id), 100)).body.error.code).toBe('refund_not_allowed');
    expect((await preview(support, 'in_nope', 100)).status).toBe(404);
    expect((await request(ctx.app).post(`/api/staff/invoices/${invoice.id}/refunds/preview`).set(bearer(merchant)).send({ amount_minor: 100, reason })).status).toBe(403);
    expect(await gatewayRefunds(paymentId)).toEqual([]);
  });

  it('holds a refund above the four-eyes running total (credits count too) for a second staff member, then refunds once', async () => {
    const { invoice, paymentId, paid } = await paidRenewal();
    // MYR threshold 500.00: a credit of exactly the threshold applies on its own; a refund on top needs approval.
    const creditBody = { direction: 'credit', amount_minor: 50_000, description: 'Goodwill', reason };
    const creditPreview = await request(ctx.app).post(`/api/staff/merchants/${userId}/credit-adjustments/preview`).set(bearer(support)).send(creditBody);
    expect((await request(ctx.app).post(`/api/staff/merchants/${userId}/credit-adjustments`).set(bearer(support)).send({ ...creditBody, preview_token: creditPreview.body.preview_token })).body.adjustment.status).toBe('applied');
    const seen = await preview(support, invoice.id, 100);
    expect(seen.body).toMatchObject({ requires_approval: true, window_total_minor: 50_100, approval_threshold_minor: 50_000 });
    const held = await commit(support, invoice.id, 100, seen.body.preview_token);
    expect(held.body.refund).toMatchObject({ status: 'pending_approval', credit_note_number: null });
    expect(await gatewayRefunds(paymentId)).toEqual([]);
    const pending = await request(ctx.app).get('/api/staff/refund-approvals').set(bearer(admin));
    expect(pending.body.data.map((r: { id: string }) => r.id)).toEqual([held.body.refund.id]);
    // Held amounts count as reserved: no second refund can take them meanwhile.
    expect((await preview(admin, invoice.id, paid)).body.error.code).toBe('refund_too_large');

    const own = await request(ctx.app).post(`/api/staff/refunds/${held.body.refund.id}/approve`).set(bearer(support)).send({ reason: 'Approving' });
    expect(own.status).toBe(403);
    const approved = await request(ctx.app).post(`/api/staff/refunds/${held.body.refund.id}/approve`).set(bearer(admin)).send({ reason: 'Checked the ticket' });
    expect(approved.status).toBe(200);
    expect(approved.body.refund).toMatchObject({ status: 'succeeded', credit_note_number: `CN-${invoice.number}-1` });
    expect((await request(ctx.app).post(`/api/staff/refunds/${held.body.refund.id}/approve`).set(bearer(admin)).send({ reason: 'Again' })).body.error.code).toBe('approval_not_pending');
    expect(await gatewayRefunds(paymentId)).toEqual([100]);
    const approvals = await ctx.db('audit_log').where({ action: 'refund.approve' }).orderBy('id');
    expect(approvals.map((a) => a.outcome)).toEqual(['refused', 'attempted', 'refused']);
    expect(await ctx.db('audit_log').where({ action: 'refund.create', outcome: 'succeeded' }).first()).toMatchObject({ reason: 'Checked the ticket' });
  });

  it('records a refund made at the gateway (charge.refunded) on the invoice once, and disputes for staff and the timeline', async () => {
    const { invoice, paymentId } = await paidRenewal();
    let refundedEvent: string;
    if (ctx.stripe) {
      ctx.stripe.refundFromDashboard(paymentId, 1000);
      ctx.stripe.openDispute(paymentId, 'fraudulent');
      const delivered = await ctx.stripe.deliverWebhooks();
      expect(delivered.every((d) => d.status === 200)).toBe(true);
      refundedEvent = ctx.stripe.events.find((e) => e.type === 'charge.refunded')?.id as string;
      const dispute = ctx.stripe.events.find((e) => e.type === 'charge.dispute.created')?.data.object.id as string;
      ctx.stripe.closeDispute(dispute, 'lost');
      await ctx.stripe.deliverWebhooks();
    } else {
      refundedEvent = 'evt_dashboard_refund';
      const charge = { id: 'ch_1', object: 'charge', payment_intent: paymentId, amount: invoice.total, amount_refunded: 1000, currency: 'myr', refunds: { object: 'list', data: [{ id: 're_dashboard_1', amount: 1000, status: 'succeeded', metadata: {} }] } };
      expect((await postWebhook(ctx, { id: refundedEvent, type: 'charge.refunded', data: { object: charge } })).status).toBe(200);
      const dispute = { id: 'dp_1', object: 'dispute', charge: 'ch_1', payment_intent: paymentId, amount: invoice.total, currency: 'myr', reason: 'fraudulent', status: 'needs_response' };
      expect((await postWebhook(ctx, { id: 'evt_dispute_1', type: 'charge.dispute.created', data: { object: dispute } })).status).toBe(200);
      expect((await postWebhook(ctx, { id: 'evt_dispute_2', type: 'charge.dispute.closed', data: { object: { ...dispute, status: 'lost' } } })).status).toBe(200);
    }
    const after = await merchantInvoice(invoice.id);
    expect(after.credit_notes).toEqual([expect.objectContaining({ number: `CN-${invoice.number}-1`, amount: 1000, source: 'gateway' })]);
    expect(after.disputes).toEqual([expect.objectContaining({ status: 'lost' })]);

    // Stripe delivers at least once: the same event again changes nothing.
    if (ctx.stripe) expect(await ctx.stripe.redeliver(refundedEvent)).toBe(200);
    else {
      const charge = { id: 'ch_1', object: 'charge', payment_intent: paymentId, amount: invoice.total, amount_refunded: 1000, currency: 'myr' };
      expect((await postWebhook(ctx, { id: refundedEvent, type: 'charge.refunded', data: { object: charge } })).status).toBe(200);
    }
    expect(await ctx.db('invoice_refunds').where({ invoice_id: invoice.id })).toHaveLength(1);
    expect(await ctx.db('gateway_notices').where({ dedupe_key: `stripe:${refundedEvent}` })).toHaveLength(1);

    const notices = await request(ctx.app).get('/api/staff/gateway-notices').set(bearer(support));
    expect(notices.status).toBe(200);
    expect(notices.body.data.map((n: { kind: string }) => n.kind).sort()).toEqual(['charge.dispute.closed', 'charge.dispute.created', 'charge.refunded']);
    expect(notices.body.open_count).toBe(3);
    const first = notices.body.data[0] as { id: number };
    expect((await request(ctx.app).post(`/api/staff/gateway-notices/${first.id}/review`).set(bearer(support)).send({ reason: 'Answered the dispute in the Dashboard' })).status).toBe(200);
    expect((await request(ctx.app).get('/api/staff/gateway-notices').set(bearer(support))).body.open_count).toBe(2);

    const timeline = await request(ctx.app).get(`/api/staff/merchants/${userId}/timeline`).set(bearer(support));
    const keys = timeline.body.data.map((e: { title_key: string }) => e.title_key);
    expect(keys).toEqual(expect.arrayContaining(['timeline.refund.gateway', 'timeline.dispute.created', 'timeline.dispute.closed']));
  });
});
