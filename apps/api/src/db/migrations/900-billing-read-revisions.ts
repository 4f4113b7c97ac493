import type { Knex } from 'knex';

/*
 * The billing page's read (`GET users/billing/all`) is answered from memory while nothing it shows has changed
 * (issue 12). "Nothing changed" is a number per merchant, `billing_revisions.revision`, that database
 * triggers raise on every write to a table the answer is made from, so no code path (billing engine, renewals,
 * webhooks, staff operations, a hand-run SQL fix) can forget to. Facts shared by all merchants (promotion
 * codes, coupons, countries, the packages themselves) raise the catalog's revision, which the read already checks. The read takes the
 * revision before the rows: a write that commits in between makes the next request miss, never serve stale.
 *
 * PostgreSQL fires once per statement over its transition tables (a renewal batch's set-based UPDATE raises
 * each of its merchants once, in one statement, in merchant order); SQLite fires per row.
 */

/** Tables with a `merchant_id`, and the events that change what the billing read shows. */
const MERCHANT_TABLES: { table: string; events: ('insert' | 'update' | 'delete')[] }[] = [
  { table: 'billing_accounts', events: ['insert', 'update', 'delete'] },
  { table: 'subscriptions', events: ['insert', 'update', 'delete'] },
  { table: 'payment_methods', events: ['insert', 'update', 'delete'] },
  { table: 'stores', events: ['insert', 'update', 'delete'] },
  { table: 'sandbox_clocks', events: ['insert', 'update', 'delete'] },
];

/**
 * Shared facts: a change raises every merchant's answer through the catalog's revision (the catalog admin
 * raises it too; the trigger also covers a price fixed by hand in SQL).
 */
const SHARED_TABLES = ['packages', 'promotion_codes', 'coupons', 'countries'];

const BUMP = 'on conflict (merchant_id) do update set revision = billing_revisions.revision + 1';
/**
 * PostgreSQL: once per transaction is enough (its writes become visible together, with the new number), so a
 * row this transaction already raised (its xmin) is left alone: a renewal's several statements write one row version.
 */
const BUMP_PG = `${BUMP} where billing_revisions.xmin <> pg_current_xact_id()::xid`;
const BUMP_CATALOG = 'update catalog_revision set revision = revision + 1 where id = 1';

type Trigger = { name: string; table: string; sqlite: string; pg?: { fn: string; timing: string } };

const triggers = (): Trigger[] => {
  const list: Trigger[] = [];
  for (const { table, events } of MERCHANT_TABLES) {
    for (const event of events) {
      const rows = event === 'delete' ? ['old'] : event === 'insert' ? ['new'] : ['old', 'new'];
      list.push({
        name: `billing_rev_${table}_${event}`,
        table,
        sqlite: `after ${event} on ${table} begin ${rows.map((row) => `insert into billing_revisions (merchant_id, revision) values (${row}.merchant_id, 1) ${BUMP};`).join(' ')} end`,
        pg: {
          fn: `insert into billing_revisions (merchant_id, revision) select distinct merchant_id, 1 from (${rows.map((row) => `select merchant_id from ${row}_rows`).join(' union all ')}) changed where merchant_id is not null order by 1 ${BUMP_PG}`,
          timing: `after ${event} on ${table} referencing ${rows.map((row) => `${row} table as ${row}_rows`).join(' ')} for each statement`,
        },
      });
    }
  }
  // The staff count: who works in the merchant's stores.
  for (const event of ['insert', 'delete'] as const) {
    const row = event === 'insert' ? 'new' : 'old';
    list.push({
      name: `billing_rev_store_users_${event}`,
      table: 'store_users',
      sqlite: `after ${event} on store_users begin insert into billing_revisions (merchant_id, revision) select merchant_id, 1 from stores where id = ${row}.store_id ${BUMP}; end`,
      pg: {
        fn: `insert into billing_revisions (merchant_id, revision) select distinct s.merchant_id, 1 from ${row}_rows c join stores s on s.id = c.store_id order by 1 ${BUMP_PG}`,
        timing: `after ${event} on store_users referencing ${row} table as ${row}_rows for each statement`,
      },
    });
  }
  // The merchant's owner, currency and market (a column list rules out transition tables: per row).
  list.push({
    name: 'billing_rev_merchants_update',
    table: 'merchants',
    sqlite: `after update of owner_user_id, currency_code, country_id on merchants begin insert into billing_revisions (merchant_id, revision) values (new.id, 1) ${BUMP}; end`,
    pg: { fn: `insert into billing_revisions (merchant_id, revision) values (new.id, 1) ${BUMP_PG}`, timing: 'after update of owner_user_id, currency_code, country_id on merchants for each row' },
  });
  for (const table of SHARED_TABLES) {
    list.push({
      name: `billing_rev_${table}`,
      table,
      sqlite: `after update on ${table} begin ${BUMP_CATALOG}; end`,
      pg: { fn: BUMP_CATALOG, timing: `after insert or update or delete on ${table} for each statement` },
    });
    // SQLite has no statement triggers nor multi-event ones: insert and delete get their own.
    for (const event of ['insert', 'delete']) list.push({ name: `billing_rev_${table}_${event}`, table, sqlite: `after ${event} on ${table} begin ${BUMP_CATALOG}; end` });
  }
  return list;
};

export const up = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.createTable('billing_revisions', (t) => {
    // No foreign key: deleting a merchant cascades to its rows, whose triggers still raise its number.
    t.integer('merchant_id').primary();
    t.bigInteger('revision').notNullable().defaultTo(0);
  });
  for (const trigger of triggers()) {
    if (!pg) {
      await knex.raw(`create trigger ${trigger.name} ${trigger.sqlite}`);
    } else if (trigger.pg) {
      await knex.raw(`create or replace function ${trigger.name}_fn() returns trigger as $$ begin ${trigger.pg.fn}; return null; end; $$ language plpgsql`);
      await knex.raw(`create trigger ${trigger.name} ${trigger.pg.timing} execute function ${trigger.name}_fn()`);
    }
  }
};

export const down = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  for (const trigger of triggers()) {
    if (!pg) {
      await knex.raw(`drop trigger if exists ${trigger.name}`);
    } else if (trigger.pg) {
      await knex.raw(`drop trigger if exists ${trigger.name} on ${trigger.table}`);
      await knex.raw(`drop function if exists ${trigger.name}_fn()`);
    }
  }
  await knex.schema.dropTable('billing_revisions');
};
