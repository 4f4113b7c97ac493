import type { Knex } from 'knex';

/*
 * The staff console's global search (issue 27). Invoice numbers, payment ids, PaymentIntent ids and ECPay trade
 * numbers are unique keys (indexed already); e-mail, phone and names are the staff directory's search text and
 * its trigram index (401, 402, 812; pg_trgm on PostgreSQL). What had no index: a card payment found by the
 * card's last 4 digits and the amount. `payment_methods (last4, id)` finds the cards ending so, and
 * `payments (payment_method_id, amount, created_at)` each card's payments of that amount, newest first.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['payment_methods_last4_index', 'payment_methods', ['last4', 'id']],
  ['payments_method_amount_index', 'payments', ['payment_method_id', 'amount', 'created_at']],
];

export const up = async (knex: Knex): Promise<void> => {
  for (const [name, table, columns] of INDEXES) await knex.raw(`create index if not exists ${name} on ${table} (${columns.join(', ')})`);
};

export const down = async (knex: Knex): Promise<void> => {
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
};
