import type { Knex } from 'knex';

/*
 * The directory's search text gets a substring index (issue 10: p95 ≤ 50 ms with 100,000 merchants). A
 * `like '%…%'` that matches few merchants had to read every row's `search_text` (up to 250 ms); a trigram
 * index finds them directly.
 * - SQLite: an FTS5 table with the trigram tokenizer over `merchants.search_text` (external content, no copy of
 *   the text), kept in step by triggers on `merchants` — the directory triggers (401) write `search_text`, so
 *   every path that changes a name, e-mail, phone or store reaches it.
 * - PostgreSQL: a pg_trgm GIN index, which the planner uses for the same `like` the API already sends.
 */

export const up = async (knex: Knex): Promise<void> => {
  if (knex.client.config.client === 'pg') {
    // In `public`, not the migrating schema: the extension is one per database, and a schema dropped with its
    // objects must not take it along. Without the right to create it, the search works without the index.
    try {
      await knex.transaction((trx) => trx.raw('create extension if not exists pg_trgm with schema public'));
    } catch {
      // no index: `like` scans, as before this migration
    }
    const found = await knex.raw<{ rows: { schema: string }[] }>(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`);
    const schema = found.rows[0]?.schema;
    if (schema) await knex.raw(`create index if not exists merchants_search_text_trgm on merchants using gin (search_text "${schema.replace(/"/g, '""')}".gin_trgm_ops)`);
    return;
  }
  await knex.raw(`create virtual table merchants_search using fts5(search_text, content='merchants', content_rowid='id', tokenize='trigram')`);
  await knex.raw(`create trigger merchants_search_insert after insert on merchants begin insert into merchants_search(rowid, search_text) values (new.id, new.search_text); end`);
  await knex.raw(
    `create trigger merchants_search_delete after delete on merchants begin insert into merchants_search(merchants_search, rowid, search_text) values ('delete', old.id, old.search_text); end`,
  );
  await knex.raw(
    `create trigger merchants_search_update after update of search_text on merchants begin insert into merchants_search(merchants_search, rowid, search_text) values ('delete', old.id, old.search_text); insert into merchants_search(rowid, search_text) values (new.id, new.search_text); end`,
  );
  await knex.raw(`insert into merchants_search(merchants_search) values ('rebuild')`);
};

export const down = async (knex: Knex): Promise<void> => {
  if (knex.client.config.client === 'pg') {
    await knex.raw('drop index if exists merchants_search_text_trgm');
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) await knex.raw(`drop trigger if exists merchants_search_${trigger}`);
  await knex.raw('drop table if exists merchants_search');
};
