import type { Knex } from 'knex';
import { directoryTriggers as migration401Triggers, refreshSql } from './401-staff-directory';

/*
 * The staff directory's triggers on subscriptions and payments (401) recomputed a merchant's whole directory
 * row, search text included, once per written row (issue 12). A renewal batch's one UPDATE of 200 periods ran
 * 200 refreshes (85 % of that statement's time on PostgreSQL), and its payments INSERT 200 more, although a paid
 * charge changes nothing the directory shows. Now:
 * - payments: only a payment that is or was `failed` refreshes its merchant (`dir_failed_at` is the last failed
 *   payment; nothing else in the directory reads payments);
 * - subscriptions: PostgreSQL refreshes once per statement, every merchant whose rows changed a column the
 *   directory reads, in one UPDATE over the statement's transition tables; SQLite (no statement triggers) per
 *   row, when such a column changed;
 * - neither recomputes `search_text` (names, e-mails, phones, stores: no subscription or payment goes into it),
 *   so SQLite's trigram index (402) is not rewritten and PostgreSQL reads no users or stores for it.
 */

/** The subscription columns the directory reads (refreshSql): a write that changes none of them changes nothing shown. */
const READ_COLUMNS = ['id', 'merchant_id', 'name', 'stripe_status', 'package_id', 'ends_at', 'trial_ends_at', 'current_period_end'];

const REPLACED = new Set(['subscriptions', 'payments']);

type Trigger = { name: string; table: string; pg: { timing: string; where: string }; sqlite: { timing: string; where: string } };

/** A subscription row inserted or deleted: PostgreSQL refreshes the statement's merchants at once, SQLite the row's. */
const subscriptionRows = (event: 'insert' | 'delete'): Trigger => {
  const row = event === 'insert' ? 'new' : 'old';
  return {
    name: `dir_subscriptions_${event}`,
    table: 'subscriptions',
    // `= any(array(…))`: merchants found through their primary key whatever the planner guesses of a transition table's size.
    pg: { timing: `after ${event} on subscriptions referencing ${row} table as ${row}_rows for each statement`, where: `id = any(array(select merchant_id from ${row}_rows))` },
    sqlite: { timing: `after ${event} on subscriptions`, where: `id = ${row}.merchant_id` },
  };
};

/** A payment inserted or given a new status: its merchant is refreshed only when a failed payment is involved. */
const paymentRows = (event: 'insert' | 'update of status', failed: string): Trigger => ({
  name: `dir_payments_${event.split(' ')[0]}`,
  table: 'payments',
  pg: { timing: `after ${event} on payments for each row when (${failed})`, where: 'id = new.merchant_id' },
  sqlite: { timing: `after ${event} on payments when ${failed}`, where: 'id = new.merchant_id' },
});

const columns = READ_COLUMNS.join(', ');

const TRIGGERS: Trigger[] = [
  subscriptionRows('insert'),
  {
    name: 'dir_subscriptions_update',
    table: 'subscriptions',
    pg: {
      timing: 'after update on subscriptions referencing old table as old_rows new table as new_rows for each statement',
      // Rows whose read columns differ before and after (EXCEPT compares NULLs as equal), on either side.
      where: `id = any(array(select merchant_id from (select ${columns} from new_rows except select ${columns} from old_rows) changed union select merchant_id from (select ${columns} from old_rows except select ${columns} from new_rows) gone))`,
    },
    sqlite: {
      timing: `after update on subscriptions when ${READ_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ')}`,
      where: 'id in (old.merchant_id, new.merchant_id)',
    },
  },
  subscriptionRows('delete'),
  paymentRows('insert', `new.status = 'failed'`),
  paymentRows('update of status', `old.status = 'failed' or new.status = 'failed'`),
];

const dropTriggers = async (knex: Knex, pg: boolean): Promise<void> => {
  for (const trigger of TRIGGERS) {
    await knex.raw(pg ? `drop trigger if exists ${trigger.name} on ${trigger.table}` : `drop trigger if exists ${trigger.name}`);
    if (pg) await knex.raw(`drop function if exists ${trigger.name}_fn()`);
  }
};

const createTriggers = async (knex: Knex, pg: boolean): Promise<void> => {
  for (const trigger of TRIGGERS) {
    if (pg) {
      await knex.raw(`create or replace function ${trigger.name}_fn() returns trigger as $$ begin ${refreshSql(true, trigger.pg.where, 'billing')}; return null; end; $$ language plpgsql`);
      await knex.raw(`create trigger ${trigger.name} ${trigger.pg.timing} execute function ${trigger.name}_fn()`);
    } else {
      await knex.raw(`create trigger ${trigger.name} ${trigger.sqlite.timing} begin ${refreshSql(false, trigger.sqlite.where, 'billing')}; end`);
    }
  }
};

/** Every directory trigger as it stands now (a bulk import may drop them, load, refresh once, and create them). */
export const directoryTriggers = async (knex: Knex, action: 'create' | 'drop'): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  await migration401Triggers(knex, action, (table) => !REPLACED.has(table));
  await (action === 'create' ? createTriggers(knex, pg) : dropTriggers(knex, pg));
};

export const up = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  // Same names as 401's: dropping either set drops these.
  await dropTriggers(knex, pg);
  await createTriggers(knex, pg);
};

export const down = async (knex: Knex): Promise<void> => {
  await dropTriggers(knex, knex.client.config.client === 'pg');
  await migration401Triggers(knex, 'create', (table) => REPLACED.has(table));
};
