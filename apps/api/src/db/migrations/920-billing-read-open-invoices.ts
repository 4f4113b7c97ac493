import type { Knex } from 'knex';

/*
 * The billing read (`GET users/billing/all`) names the open invoice a past-due subscription owes, its number and
 * amount (issue 31 #4), so a write to an invoice's status or amount now raises the merchant's billing revision
 * too (see migration 900: the answer is served from memory while that number stays the same). A renewal's
 * invoice is written beside its subscription, whose trigger raises the same number: on PostgreSQL once per
 * transaction; these fire per row, as a column list allows no transition tables.
 */

const BUMP = 'on conflict (merchant_id) do update set revision = billing_revisions.revision + 1';
const BUMP_PG = `${BUMP} where billing_revisions.xmin <> pg_current_xact_id()::xid`;

/** `event` as both databases name it, and the rows whose merchant's number goes up. */
const TRIGGERS: { name: string; event: string; rows: ('old' | 'new')[] }[] = [
  { name: 'billing_rev_invoices_insert', event: 'insert', rows: ['new'] },
  { name: 'billing_rev_invoices_update', event: 'update of status, amount_due, merchant_id', rows: ['old', 'new'] },
  { name: 'billing_rev_invoices_delete', event: 'delete', rows: ['old'] },
];

export const up = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  for (const { name, event, rows } of TRIGGERS) {
    const bumps = (conflict: string) => rows.map((row) => `insert into billing_revisions (merchant_id, revision) values (${row}.merchant_id, 1) ${conflict};`).join(' ');
    if (!pg) {
      await knex.raw(`create trigger ${name} after ${event} on invoices begin ${bumps(BUMP)} end`);
    } else {
      await knex.raw(`create or replace function ${name}_fn() returns trigger as $$ begin ${bumps(BUMP_PG)} return null; end; $$ language plpgsql`);
      await knex.raw(`create trigger ${name} after ${event} on invoices for each row execute function ${name}_fn()`);
    }
  }
};

export const down = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  for (const { name } of TRIGGERS) {
    if (!pg) {
      await knex.raw(`drop trigger if exists ${name}`);
    } else {
      await knex.raw(`drop trigger if exists ${name} on invoices`);
      await knex.raw(`drop function if exists ${name}_fn()`);
    }
  }
};
