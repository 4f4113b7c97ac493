import type { Knex } from 'knex';

/*
 * One- and two-letter searches in the staff directory (SQLite). The trigram index (402) only answers 3+
 * characters, so a short text that few merchants contain ("zq") read every merchant's search text in name
 * order (35–130 ms on 100,000 merchants). Every 1–2 character substring of a text is the start of one of its
 * trigrams, except at the text's very end; so the index now stores each search text followed by two
 * separator characters (U+001F, which no search text contains), and the trigrams that start with the typed
 * letters, read from the index's vocabulary (`merchants_search_vocab`, a range of terms), find exactly the
 * merchants whose text contains them. The index keeps external content (no copy of the text): its triggers
 * insert and delete the suffixed value, so 'rebuild' (which would read the bare column) must not be used.
 */

export const SEARCH_SUFFIX_SQL = 'char(31, 31)';

const triggers = (value: (row: 'new' | 'old') => string): string[] => [
  `create trigger merchants_search_insert after insert on merchants begin insert into merchants_search(rowid, search_text) values (new.id, ${value('new')}); end`,
  `create trigger merchants_search_delete after delete on merchants begin insert into merchants_search(merchants_search, rowid, search_text) values ('delete', old.id, ${value('old')}); end`,
  `create trigger merchants_search_update after update of search_text on merchants begin insert into merchants_search(merchants_search, rowid, search_text) values ('delete', old.id, ${value('old')}); insert into merchants_search(rowid, search_text) values (new.id, ${value('new')}); end`,
];

const dropTriggers = async (knex: Knex) => {
  for (const trigger of ['insert', 'delete', 'update']) await knex.raw(`drop trigger if exists merchants_search_${trigger}`);
};

export const up = async (knex: Knex): Promise<void> => {
  if (knex.client.config.client === 'pg') return; // pg_trgm's GIN index serves a 1–2 letter `like` as it is
  await dropTriggers(knex);
  await knex.raw(`insert into merchants_search(merchants_search) values ('delete-all')`);
  await knex.raw(`insert into merchants_search(rowid, search_text) select id, search_text || ${SEARCH_SUFFIX_SQL} from merchants where search_text is not null`);
  for (const sql of triggers((row) => `${row}.search_text || ${SEARCH_SUFFIX_SQL}`)) await knex.raw(sql);
  // Merge the index's segments into one b-tree: rows inserted one by one leave thousands of small segments,
  // which each phrase query reads (bench, 100,000 merchants: 'owner4711@' 6.3 → 0.26 ms, 'tea house' 9.5 →
  // 1.2 ms p50; 1.8 s once).
  await knex.raw(`insert into merchants_search(merchants_search) values ('optimize')`);
  await knex.raw(`create virtual table merchants_search_vocab using fts5vocab(merchants_search, 'row')`);
};

export const down = async (knex: Knex): Promise<void> => {
  if (knex.client.config.client === 'pg') return;
  await knex.raw('drop table if exists merchants_search_vocab');
  await dropTriggers(knex);
  for (const sql of triggers((row) => `${row}.search_text`)) await knex.raw(sql);
  await knex.raw(`insert into merchants_search(merchants_search) values ('rebuild')`);
};
