import type { Knex } from 'knex';

/*
 * The staff console's global search (issue 27). Invoice numbers, payment ids, PaymentIntent ids and ECPay trade
 * numbers are unique keys (indexed already); e-mail, phone and names are the staff directory's search text and
 * its trigram index (401, 402, 812; pg_trgm on PostgreSQL). What had no index: a card payment found by the card's
 * last 4 digits and its amount. Going through `payment_methods` first reads every card with those digits, and a
 * test card's (4242) are thousands: 36 ms p50 on the bench's 100,000 merchants. So each payment carries its
 * card's last 4 (`card_last4`), kept by triggers from `payment_methods` as the directory's columns are (no code
 * path writes it), and `payments (card_last4, amount, created_at, id)` answers "these digits, this amount,
 * newest first" as one index range.
 */

const LAST4_OF = (row: 'new') => `(select pm.last4 from payment_methods pm where pm.id = ${row}.payment_method_id)`;

const INDEXES: [name: string, definition: string][] = [
  ['payments_card_last4_amount_index', 'payments (card_last4, amount, created_at, id)'],
  ['payments_payment_method_index', 'payments (payment_method_id)'],
];

const SQLITE_TRIGGERS: [name: string, sql: string][] = [
  ['payments_card_last4_insert', `create trigger payments_card_last4_insert after insert on payments when new.payment_method_id is not null begin update payments set card_last4 = ${LAST4_OF('new')} where id = new.id; end`],
  ['payments_card_last4_update', `create trigger payments_card_last4_update after update of payment_method_id on payments begin update payments set card_last4 = ${LAST4_OF('new')} where id = new.id; end`],
  ['payment_methods_card_last4', `create trigger payment_methods_card_last4 after insert on payment_methods begin update payments set card_last4 = new.last4 where payment_method_id = new.id; end`],
];

const PG_TRIGGERS: [name: string, table: string, timing: string, body: string][] = [
  ['payments_card_last4', 'payments', 'before insert or update of payment_method_id', `new.card_last4 := ${LAST4_OF('new')}; return new;`],
  ['payment_methods_card_last4', 'payment_methods', 'after insert', 'update payments set card_last4 = new.last4 where payment_method_id = new.id; return null;'],
];

export const up = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  if (!(await knex.schema.hasColumn('payments', 'card_last4'))) await knex.schema.alterTable('payments', (t) => t.string('card_last4', 4).nullable());
  await knex.raw(`update payments set card_last4 = (select pm.last4 from payment_methods pm where pm.id = payments.payment_method_id) where payment_method_id is not null`);
  for (const [name, definition] of INDEXES) await knex.raw(`create index if not exists ${name} on ${definition}`);
  if (pg) {
    for (const [name, table, timing, body] of PG_TRIGGERS) {
      await knex.raw(`create or replace function ${name}_fn() returns trigger as $$ begin ${body} end; $$ language plpgsql`);
      await knex.raw(`drop trigger if exists ${name} on ${table}`);
      await knex.raw(`create trigger ${name} ${timing} on ${table} for each row execute function ${name}_fn()`);
    }
  } else {
    for (const [name, sql] of SQLITE_TRIGGERS) {
      await knex.raw(`drop trigger if exists ${name}`);
      await knex.raw(sql);
    }
  }
};

export const down = async (knex: Knex): Promise<void> => {
  if (knex.client.config.client === 'pg') {
    for (const [name, table] of PG_TRIGGERS) {
      await knex.raw(`drop trigger if exists ${name} on ${table}`);
      await knex.raw(`drop function if exists ${name}_fn()`);
    }
  } else for (const [name] of SQLITE_TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
  await knex.schema.alterTable('payments', (t) => t.dropColumn('card_last4'));
};
