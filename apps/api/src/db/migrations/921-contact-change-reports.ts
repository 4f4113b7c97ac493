import type { Knex } from 'knex';

/*
 * A change of a user's e-mail or phone is told to the address it replaced, with a single-use link to report it
 * (issue 26: a changed e-mail would otherwise route the next password reset to whoever changed it). A report
 * restores the old e-mail and phone while they are still the ones this change set, ends every session and
 * spends every open reset link. The row keeps what to restore; the link's token is stored hashed.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('contact_change_reports', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('old_email', 255).notNullable();
    t.string('new_email', 255).notNullable();
    t.string('old_phone', 32).nullable();
    t.string('new_phone', 32).nullable();
    /** The staff member who made the change; null when the user changed it themselves. */
    t.integer('changed_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.index(['user_id']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable('contact_change_reports');
};
