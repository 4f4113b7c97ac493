import type { Knex } from 'knex';

/*
 * Issue 25: an amount the gateway refuses as below its minimum charge (Stripe's `amount_too_small`, e.g. RM 0.92
 * left after credit) is written off, not retried: the invoice is closed as paid with that amount written off
 * (docs/operations.md, "Amounts below the gateway's minimum").
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('invoices', (t) => {
    t.integer('amount_written_off').notNullable().defaultTo(0);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('invoices', (t) => t.dropColumn('amount_written_off'));
};
