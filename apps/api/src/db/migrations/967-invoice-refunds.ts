import type { Knex } from 'knex';

/*
 * Issue 25 item 7: refunds of a paid invoice, each with its credit note. One row per refund, whoever made it:
 * staff from the console (preview, commit, approval above the four-eyes threshold) or the gateway on its own
 * (a refund made in the Stripe Dashboard, learnt from `charge.refunded`). A staff refund is written before
 * the gateway is called (`processing`, with the idempotency key it is sent with), then completed with the
 * gateway's answer; a crash between the two is recovered by calling again with the same key or by the
 * webhook, which names the refund in its metadata.
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('invoice_refunds', (t) => {
    t.string('id', 64).primary();
    t.string('invoice_id', 64).notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('payment_id', 64).notNullable(); // payments.id (Stripe: the PaymentIntent; ECPay: ecpay_<TradeNo>)
    t.string('method', 10).notNullable(); // card | fpx | ecpay
    t.bigInteger('amount').notNullable(); // positive minor units of `currency`
    t.string('currency', 3).notNullable();
    t.string('reason', 500).notNullable();
    t.string('source', 10).notNullable(); // staff | gateway
    t.string('status', 20).notNullable(); // pending_approval | processing | succeeded | failed | rejected
    t.integer('requested_by').nullable().references('id').inTable('users');
    t.integer('decided_by').nullable().references('id').inTable('users');
    t.bigInteger('decided_at').nullable();
    t.string('idempotency_key', 255).notNullable().unique();
    t.string('gateway_refund_id', 64).nullable().unique();
    t.string('failure_message', 255).nullable();
    t.string('credit_note_number', 60).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('completed_at').nullable();
    t.index(['invoice_id', 'created_at'], 'invoice_refunds_invoice');
    t.index(['merchant_id', 'created_at'], 'invoice_refunds_merchant');
    t.index(['status', 'created_at'], 'invoice_refunds_status');
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('invoice_refunds');
};
