import type { Knex } from 'knex';

/*
 * A staff change that reaches the payment gateway (a card saved or removed, a charge, a bank redirect on a
 * merchant's behalf) is audited in two entries: `attempted` (with the reason), committed on its own before the
 * gateway is called, and its outcome (`succeeded`, or `refused` with the error code) afterwards. The log is
 * append-only, so the outcome is a second entry that names the first in `attempt_id`; an `attempted` entry
 * without an outcome is a call whose answer the API never recorded (a crash, a lost connection).
 * `outcome` (varchar 10) already holds `attempted`.
 */
export const up = async (knex: Knex): Promise<void> => {
  // Plain ALTER TABLE … ADD COLUMN on both databases: the append-only triggers (migration 400) stay as they are.
  // No foreign key: SQLite cannot drop a column that one names, and an entry is never deleted anyway.
  await knex.raw('alter table ?? add column ?? integer null', ['audit_log', 'attempt_id']);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('alter table ?? drop column ??', ['audit_log', 'attempt_id']);
};
