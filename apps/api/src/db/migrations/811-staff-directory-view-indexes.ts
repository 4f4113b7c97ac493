import type { Knex } from 'knex';

/*
 * Indexes that match the staff directory's filtered views (issue 10: p95 ≤ 50 ms with 100,000 merchants), found
 * with EXPLAIN QUERY PLAN on the bench's 100,000 merchants (`tools/bench/staff-directory/run.mjs --explain`):
 * - a state filter sorted by next billing or creation read every merchant of that state through
 *   (dir_state, name, id), then sorted them in a temporary b-tree (5,000 rows for "change scheduled"): an index
 *   per state + sort key reads one page of entries in order instead;
 * - a plan (+ period) filter scanned all merchants in name order, reading each row for its plan: (dir_plan,
 *   name, id, dir_period) reads only that plan's entries, in order, and checks the period in the entry;
 * - the "needs attention" view (past due, a failed payment in 7 days, a grace period ending in 7 days) OR-ed
 *   three indexes, collected ~10,000 ids, read every row and sorted them, and its counts did so four times. Its
 *   conditions move with the clock, so no stored column can say "needs attention now"; a partial index holds
 *   the merchants that can (`ATTENTION_CANDIDATE_SQL`: past due, in grace or ever failed a payment), in name
 *   order, with the columns the conditions read, and the view scans it in order;
 * - its counts become disjoint index ranges (past due; a recent failure and not past due; a grace period ending
 *   and no recent failure), each counted in a covering index: (dir_failed_at, dir_state) and (dir_state,
 *   dir_ends_at, dir_failed_at). Measured on the bench's data: 8.7 ms (p50) for the four counts before, 2.8 ms
 *   scanning the partial index once, 0.45 ms as ranges.
 */

/**
 * The merchants that can need attention, as the partial index's WHERE. A query must repeat this text as one of
 * its AND terms (SQLite uses a partial index only when the query's WHERE contains the index's WHERE); it is
 * implied by the attention conditions, so adding it changes no result.
 */
export const ATTENTION_CANDIDATE_SQL = `(dir_state in ('past_due', 'grace') or dir_failed_at is not null)`;

const INDEXES: [name: string, definition: string][] = [
  ['merchants_dir_state_next_billing_index', 'merchants (dir_state, dir_next_billing, id)'],
  ['merchants_dir_state_created_index', 'merchants (dir_state, created_at, id)'],
  ['merchants_dir_plan_name_index', 'merchants (dir_plan, name, id, dir_period)'],
  ['merchants_dir_failed_state_index', 'merchants (dir_failed_at, dir_state)'],
  ['merchants_dir_state_ends_index', 'merchants (dir_state, dir_ends_at, dir_failed_at)'],
  ['merchants_attention_index', `merchants (name, id, dir_state, dir_failed_at, dir_ends_at, dir_next_billing, created_at) where ${ATTENTION_CANDIDATE_SQL}`],
];

export const up = async (knex: Knex): Promise<void> => {
  // No ANALYZE here: statistics taken on a small database would misguide the planner once it holds many merchants.
  for (const [name, definition] of INDEXES) await knex.raw(`create index if not exists ${name} on ${definition}`);
};

export const down = async (knex: Knex): Promise<void> => {
  for (const [name] of INDEXES) await knex.raw(`drop index if exists ${name}`);
};
