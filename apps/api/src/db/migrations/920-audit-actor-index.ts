import type { Knex } from 'knex';

/*
 * The audit log read by staff member: the audit screen's "staff" filter, and the count of a staff member's
 * recent refused attempts that keeps refusals from flooding the log (issue 26).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('audit_log', (t) => {
    t.index(['actor_user_id', 'created_at'], 'audit_log_actor_created_index');
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['actor_user_id', 'created_at'], 'audit_log_actor_created_index');
  });
};
