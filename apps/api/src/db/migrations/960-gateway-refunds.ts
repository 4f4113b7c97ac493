import type { Knex } from 'knex';

/*
 * Issue 25 item 7: the sandbox gateway's refunds, kept like Stripe keeps them (one row per refund of a payment,
 * the idempotency key it was asked with, never more than the payment in total).
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('sandbox_refunds', (t) => {
    t.string('id', 64).primary();
    t.string('payment_ref', 64).notNullable().index('sandbox_refunds_payment_ref');
    t.bigInteger('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('reason', 100).notNullable();
    t.string('idempotency_key', 255).notNullable().unique();
    t.string('request_hash', 64).notNullable();
    t.bigInteger('created_at').notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('sandbox_refunds');
};
