import type { Knex } from 'knex';

/*
 * The staff directory searches 100,000 merchants as staff type (issue 10: p95 ≤ 50 ms on SQLite). Joining
 * users, stores, subscriptions and payments for every row of every keystroke is too slow, so each merchant row
 * carries what the directory filters and sorts by (`dir_*` columns and a lower-cased `search_text`). Database
 * triggers keep them current from the tables they summarize, so no code path (billing engine, scheduler,
 * sign-up, profile edits) can forget to: the directory reads them, nothing writes them by hand.
 */

/** Sorts a merchant without a next billing date after every merchant with one. */
export const NO_NEXT_BILLING = 99_999_999_999;

const LIVE = `from subscriptions s where s.merchant_id = merchants.id and s.name = 'default' and s.stripe_status in ('active', 'past_due')`;
const PENDING = `from subscriptions q where q.merchant_id = merchants.id and q.name = 'default' and q.stripe_status = 'trialing'`;

/**
 * One UPDATE that recomputes the directory columns of the merchants `where` selects: all of them, or (`billing`)
 * all but `search_text`, which no subscription or payment goes into (see 910-staff-directory-billing-triggers).
 */
export const refreshSql = (pg: boolean, where: string, columns: 'all' | 'billing' = 'all'): string => {
  const agg = pg ? `string_agg(lower(st.name || ' ' || st.email), ' ')` : `group_concat(lower(st.name || ' ' || st.email), ' ')`;
  const searchText = `search_text = lower(name) || ' ' || coalesce((select lower(u.email) || ' ' || coalesce(u.phone, '') from users u where u.id = merchants.owner_user_id), '') || ' ' || coalesce((select ${agg} from stores st where st.merchant_id = merchants.id), ''),`;
  return `update merchants set
    ${columns === 'all' ? searchText : ''}
    dir_state = case
      when not exists (select 1 ${LIVE}) then 'no_plan'
      when exists (select 1 ${LIVE} and s.stripe_status = 'past_due') then 'past_due'
      when exists (select 1 ${PENDING}) then 'change_scheduled'
      when exists (select 1 ${LIVE} and s.ends_at is not null) then 'grace'
      else 'active' end,
    dir_plan = (select p.name ${LIVE.replace('from subscriptions s', 'from subscriptions s join packages p on p.id = s.package_id')} order by s.id desc limit 1),
    dir_period = (select p.billing_period ${LIVE.replace('from subscriptions s', 'from subscriptions s join packages p on p.id = s.package_id')} order by s.id desc limit 1),
    dir_market = coalesce((select p.market ${LIVE.replace('from subscriptions s', 'from subscriptions s join packages p on p.id = s.package_id')} order by s.id desc limit 1), (select c.iso_code from countries c where c.id = merchants.country_id)),
    dir_next_billing = coalesce((select q.trial_ends_at ${PENDING} and exists (select 1 ${LIVE}) order by q.id desc limit 1), (select s.current_period_end ${LIVE} and s.ends_at is null order by s.id desc limit 1), ${NO_NEXT_BILLING}),
    dir_ends_at = (select s.ends_at ${LIVE} and not exists (select 1 ${PENDING}) order by s.id desc limit 1),
    dir_failed_at = (select max(f.created_at) from payments f where f.merchant_id = merchants.id and f.status = 'failed')
  where ${where}`;
};

/** Table → the trigger events and the merchant(s) a changed row belongs to. */
const SOURCES: { table: string; events: string[]; where: (row: 'new' | 'old') => string }[] = [
  { table: 'merchants', events: ['insert', 'update of name, country_id, owner_user_id'], where: (row) => `id = ${row}.id` },
  { table: 'users', events: ['update of email, phone'], where: (row) => `owner_user_id = ${row}.id` },
  { table: 'stores', events: ['insert', 'update of name, email, merchant_id', 'delete'], where: (row) => `id = ${row}.merchant_id` },
  { table: 'subscriptions', events: ['insert', 'update', 'delete'], where: (row) => `id = ${row}.merchant_id` },
  { table: 'payments', events: ['insert', 'update of status'], where: (row) => `id = ${row}.merchant_id` },
];

const triggerName = (table: string, event: string): string => `dir_${table}_${event.split(' ')[0]}`;

/**
 * Creates (or, with `drop`, removes) the triggers of this migration, of the tables `tables` lets through. The
 * current set, after 910 replaced those of subscriptions and payments: 910's `directoryTriggers`.
 */
export const directoryTriggers = async (knex: Knex, action: 'create' | 'drop', tables: (table: string) => boolean = () => true): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  for (const source of SOURCES.filter((s) => tables(s.table))) {
    for (const event of source.events) {
      const row = event === 'delete' ? 'old' : 'new';
      const name = triggerName(source.table, event);
      if (action === 'drop') {
        await knex.raw(pg ? `drop trigger if exists ${name} on ${source.table}` : `drop trigger if exists ${name}`);
        if (pg) await knex.raw(`drop function if exists ${name}_fn()`);
      } else if (pg) {
        await knex.raw(`create or replace function ${name}_fn() returns trigger as $$ begin ${refreshSql(true, source.where(row))}; return null; end; $$ language plpgsql`);
        await knex.raw(`create trigger ${name} after ${event} on ${source.table} for each row execute function ${name}_fn()`);
      } else {
        await knex.raw(`create trigger ${name} after ${event} on ${source.table} begin ${refreshSql(false, source.where(row))}; end`);
      }
    }
  }
};

export const up = async (knex: Knex): Promise<void> => {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.alterTable('merchants', (t) => {
    t.text('search_text').nullable();
    t.string('dir_state', 20).nullable();
    t.string('dir_plan', 100).nullable();
    t.string('dir_period', 10).nullable();
    t.string('dir_market', 2).nullable();
    t.bigInteger('dir_next_billing').nullable();
    t.bigInteger('dir_ends_at').nullable();
    t.bigInteger('dir_failed_at').nullable();
    t.index(['dir_state', 'name', 'id']);
    t.index(['dir_market', 'name', 'id']);
    t.index(['dir_next_billing', 'id']);
    t.index(['dir_failed_at']);
    t.index(['dir_ends_at']);
  });
  // SQLite: a covering index, so a search in name order scans the index alone, never the table rows.
  // (PostgreSQL scans the table quickly, and its btree entries cannot hold arbitrarily long text.)
  if (!pg) await knex.raw('create index merchants_name_search_index on merchants (name, id, search_text)');
  await directoryTriggers(knex, 'create');
  await knex.raw(refreshSql(pg, '1 = 1'));
};

export const down = async (knex: Knex): Promise<void> => {
  await directoryTriggers(knex, 'drop');
  await knex.raw('drop index if exists merchants_name_search_index');
  await knex.schema.alterTable('merchants', (t) => {
    t.dropIndex(['dir_state', 'name', 'id']);
    t.dropIndex(['dir_market', 'name', 'id']);
    t.dropIndex(['dir_next_billing', 'id']);
    t.dropIndex(['dir_failed_at']);
    t.dropIndex(['dir_ends_at']);
    for (const column of ['search_text', 'dir_state', 'dir_plan', 'dir_period', 'dir_market', 'dir_next_billing', 'dir_ends_at', 'dir_failed_at']) t.dropColumn(column);
  });
};
