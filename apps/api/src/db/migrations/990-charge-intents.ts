import type { Knex } from 'knex';

/*
 * Issue 25 item 6: an on-session charge is recorded before the gateway is asked (a `pending` payments row holding
 * its idempotency key), charged after the commit, and its answer recorded in a second transaction. This row says
 * what the charge pays for (a first plan, a plan change, an add-on, a past-due invoice) so that whoever records
 * the answer, the request itself or the scheduler's recovery pass after a crash, applies the same change.
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('charge_intents', (t) => {
    // The pending payments row (its id, e.g. payintent_…); removed with it when the answer is recorded.
    t.string('payment_id', 64).primary();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('invoice_id', 64).notNullable();
    t.string('purpose', 20).notNullable();
    t.text('details').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['merchant_id']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('charge_intents');
};
