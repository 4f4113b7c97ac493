import type { Knex } from 'knex';

/**
 * The outbox becomes a delivery queue when SMTP is configured: a message is written first, then sent; one the
 * mail server did not take stays `pending` and is retried with capped exponential backoff (attempts,
 * next_attempt_at), so none is lost while the server is down. Without SMTP (development, tests) messages are
 * `stored`: the dev mailbox is their only reader.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => {
    t.string('status', 10).notNullable().defaultTo('stored'); // stored | pending | sent
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).nullable();
    t.string('last_error', 500).nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.index(['status', 'next_attempt_at']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropIndex(['status', 'next_attempt_at']);
    t.dropColumn('sent_at');
    t.dropColumn('last_error');
    t.dropColumn('next_attempt_at');
    t.dropColumn('attempts');
    t.dropColumn('status');
  });
};
