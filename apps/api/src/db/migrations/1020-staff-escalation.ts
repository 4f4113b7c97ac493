import type { Knex } from 'knex';

/*
 * Escalation (issue 27 capability 4). The read-only staff role's row; the console settings superadmins edit
 * (the four-eyes threshold per currency and its window, the inbox's waiting-time target), one JSON value per
 * name, absent until first saved (the code's defaults apply); and when an inbox thread's merchant message
 * started waiting for an answer, so the inbox sorts by waiting time with an index.
 */
export const up = async (knex: Knex): Promise<void> => {
  if (!(await knex('roles').where({ name: 'readonly' }).first('id'))) await knex('roles').insert({ name: 'readonly' });

  await knex.schema.createTable('staff_settings', (t) => {
    t.string('name', 60).primary();
    t.text('value').notNullable(); // JSON
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('updated_by').nullable().references('id').inTable('users');
  });

  await knex.schema.alterTable('support_conversations', (t) => {
    // The merchant's oldest message no staff reply has answered yet; null once answered or closed.
    t.timestamp('awaiting_reply_since', { useTz: true }).nullable();
    t.index(['assigned_to_user_id']);
    t.index(['awaiting_reply_since']);
  });
  // Threads open today: the first merchant message after the last staff reply.
  await knex.raw(`update support_conversations set awaiting_reply_since = (
      select min(m.created_at) from support_messages m
      where m.conversation_id = support_conversations.id and m.author_kind = 'merchant'
        and m.id > coalesce((select max(s.id) from support_messages s where s.conversation_id = support_conversations.id and s.author_kind = 'staff'), 0)
    ) where state <> 'closed'`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('support_conversations', (t) => {
    t.dropIndex(['awaiting_reply_since']);
    t.dropIndex(['assigned_to_user_id']);
    t.dropColumn('awaiting_reply_since');
  });
  await knex.schema.dropTableIfExists('staff_settings');
};
