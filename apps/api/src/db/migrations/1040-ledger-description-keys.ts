import type { Knex } from 'knex';

/*
 * A credit-ledger entry the system writes (a staff free month or cancel-now credit, a reversal, invoice credit
 * applied or returned) keeps what it is beside its English description: `description_key` (a `billing:ledger.*`
 * key) and `description_params` (JSON), so the merchant's billing pages word it in the merchant's language. A staff
 * credit adjustment carries the same, for the ledger entry written when it is approved or reversed. Staff-typed
 * descriptions and rows written before have none and keep their stored text.
 */

const TABLES = ['balance_transactions', 'staff_credit_adjustments'] as const;

export const up = async (knex: Knex): Promise<void> => {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.string('description_key', 64).nullable();
      t.text('description_params').nullable();
    });
  }
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('description_key');
      t.dropColumn('description_params');
    });
  }
};
