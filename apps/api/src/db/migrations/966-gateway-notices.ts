import type { Knex } from 'knex';

/*
 * Issue 25 items 7 and 8: what the payment gateways told us outside our own calls.
 * - `gateway_notices`: one row per notice staff must know of (a refused ECPay notification, a refund or
 *   dispute Stripe reported), flagged until a staff member marks it reviewed. `dedupe_key` is unique: a
 *   Stripe event id (processed once, so a redelivery changes nothing) or, for a refused notification ECPay
 *   repeats, a hash of what was refused (the copy only counts `repeats`).
 * - `checkout_orders.simulated`: the order was paid by ECPay's `SimulatePaid=1` (stage only; no money moved).
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('gateway_notices', (t) => {
    t.increments('id');
    t.string('gateway', 10).notNullable(); // ecpay | stripe
    t.string('kind', 40).notNullable(); // notification_refused | simulated_payment | charge.refunded | charge.dispute.created | charge.dispute.closed
    t.string('dedupe_key', 300).notNullable().unique();
    t.string('reason', 40).nullable(); // why a notification was refused; a dispute's reason
    t.string('reference', 64).nullable(); // MerchantTradeNo, PaymentIntent or charge id
    t.integer('merchant_id').nullable().references('id').inTable('merchants').onDelete('SET NULL');
    t.string('invoice_id', 64).nullable();
    t.bigInteger('amount').nullable(); // minor units of `currency`
    t.string('currency', 3).nullable();
    t.text('details').nullable(); // JSON, never a card number or a key
    t.integer('repeats').notNullable().defaultTo(1);
    t.bigInteger('received_at').notNullable();
    t.bigInteger('last_received_at').notNullable();
    t.integer('reviewed_by').nullable().references('id').inTable('users');
    t.bigInteger('reviewed_at').nullable();
    t.index(['reviewed_at', 'received_at'], 'gateway_notices_open');
    t.index(['merchant_id', 'received_at'], 'gateway_notices_merchant');
  });
  await knex.schema.alterTable('checkout_orders', (t) => {
    t.boolean('simulated').notNullable().defaultTo(false);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('checkout_orders', (t) => t.dropColumn('simulated'));
  await knex.schema.dropTableIfExists('gateway_notices');
};
