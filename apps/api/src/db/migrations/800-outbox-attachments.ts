import type { Knex } from 'knex';

/**
 * An e-mail that carries an invoice's PDF keeps only the invoice's id in the outbox (no blob): the PDF is
 * rendered from the immutable, finalized invoice when the message is sent, and again on every retry.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => {
    t.string('attachment_invoice_id', 64).nullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('attachment_invoice_id');
  });
};
