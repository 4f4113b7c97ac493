import type { Knex } from 'knex';

/*
 * Staff subscription controls (issue 27 capability 3): a free month ("comp a month") is a credit to the
 * merchant's balance issued as a numbered credit note. It is a staff credit adjustment like any other (the
 * four-eyes rule, approval, reversal), carrying its note's number, unique across merchants.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('staff_credit_adjustments', (t) => {
    t.string('credit_note_number', 64).nullable();
    t.unique(['credit_note_number']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('staff_credit_adjustments', (t) => {
    t.dropUnique(['credit_note_number']);
    t.dropColumn('credit_note_number');
  });
};
