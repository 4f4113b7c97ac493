import type { Knex } from 'knex';

/*
 * The rate limits' counters, shared by every API instance on one PostgreSQL database (issue 26: each instance
 * counted alone, so N instances allowed N times each limit). One row per limiter key (`login:account:<e-mail>`,
 * `login:ip:<address>`): the hits of its current window and when that window ends (ms since the epoch). Made on
 * SQLite too, for one schema; a SQLite deployment is one process and counts in memory (http/rate-limit.ts).
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('rate_limit_counters', (t) => {
    t.string('key', 400).primary();
    t.integer('hits').notNullable();
    t.bigInteger('reset_at').notNullable();
  });
  // The sweep of ended windows reads them by end.
  await knex.schema.alterTable('rate_limit_counters', (t) => t.index(['reset_at'], 'rate_limit_counters_reset_at'));
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('rate_limit_counters');
};
