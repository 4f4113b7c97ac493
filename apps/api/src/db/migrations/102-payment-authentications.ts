import type { Knex } from 'knex';

/**
 * On-session charges the card issuer holds for 3-D Secure. The invoice stays open and the change it pays for
 * (a first plan, an upgrade, a retried renewal, more add-on stores) waits here until confirm-payment reads
 * the outcome. `status` moves once from `requires_action` to `succeeded` or `failed`, under the merchant's
 * billing lock, so a second or concurrent confirm finds nothing left to do.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('payment_authentications', (t) => {
    t.string('payment_intent_id', 64).primary();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('invoice_id', 64).notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.string('purpose', 20).notNullable(); // subscribe | plan_change | retry | add_on
    t.text('details').notNullable(); // JSON: what to apply once the payment succeeds
    t.string('status', 20).notNullable(); // requires_action | succeeded | failed
    t.bigInteger('created_at').notNullable();
    t.bigInteger('resolved_at').nullable();
    t.index(['merchant_id']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('payment_authentications');
};
