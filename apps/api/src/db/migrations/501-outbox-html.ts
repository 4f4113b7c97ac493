import type { Knex } from 'knex';

/**
 * An e-mail's HTML part (a support reply's, with every merchant-written text escaped) waits in the outbox with
 * its text, encrypted like it, so a message retried after the mail server was down arrives as it was written.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => {
    t.text('html_encrypted').nullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('html_encrypted');
  });
};
