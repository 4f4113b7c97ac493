import type { Knex } from 'knex';

/*
 * Issue 31 #5: an invoice line keeps what it is (`label`, JSON: kind, plan, quantity, period, discount, date) beside
 * its English description, so the invoice page, its PDF and the billing pages word it in the reader's language.
 * Lines written before have none and keep their English description.
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('invoice_lines', (t) => {
    t.text('label').nullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('invoice_lines', (t) => t.dropColumn('label'));
};
