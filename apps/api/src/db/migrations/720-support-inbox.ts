import type { Knex } from 'knex';

/**
 * The support inbox (issue 11): a conversation per subject a merchant raises, and its messages. Text is kept
 * as the merchant typed it (plain text, never HTML); a screenshot is a private upload path, served only to
 * the merchant and to staff.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('support_conversations', (t) => {
    t.increments('id');
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.integer('author_user_id').notNullable().references('id').inTable('users');
    t.string('subject', 150).notNullable();
    t.string('state', 20).notNullable().defaultTo('open'); // open | answered | closed
    t.integer('assigned_to_user_id').nullable().references('id').inTable('users');
    t.boolean('staff_unread').notNullable().defaultTo(true);
    t.boolean('merchant_unread').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_message_at', { useTz: true }).notNullable();
    t.index(['merchant_id']);
    t.index(['state', 'last_message_at']);
  });
  await knex.schema.createTable('support_messages', (t) => {
    t.increments('id');
    t.integer('conversation_id').notNullable().references('id').inTable('support_conversations').onDelete('CASCADE');
    t.integer('author_user_id').notNullable().references('id').inTable('users');
    t.string('author_kind', 10).notNullable(); // merchant | staff
    t.text('body').notNullable();
    t.string('screenshot_path', 200).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['conversation_id']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('support_messages');
  await knex.schema.dropTableIfExists('support_conversations');
};
