import type { Knex } from 'knex';

/**
 * Internal notes and tags (issue 27, capability 2). Staff write notes about a merchant for each other (pinned
 * ones lead its page) and tag merchants; the directory filters by tag, so `merchant_tags` is indexed by tag then
 * merchant (a tag's merchants as one index range). Internal notes on a support conversation are a table of their
 * own, apart from `support_messages`: the merchant's calls read only messages, so no filter has to remember to
 * leave a note out.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('merchant_notes', (t) => {
    t.increments('id');
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.integer('author_user_id').notNullable().references('id').inTable('users');
    t.text('body').notNullable();
    t.boolean('pinned').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('edited_at').nullable();
    t.index(['merchant_id', 'pinned', 'id']);
  });
  await knex.schema.createTable('merchant_tags', (t) => {
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('tag', 32).notNullable();
    t.integer('added_by_user_id').notNullable().references('id').inTable('users');
    t.bigInteger('created_at').notNullable();
    t.primary(['merchant_id', 'tag']);
    t.index(['tag', 'merchant_id']);
  });
  await knex.schema.createTable('support_internal_notes', (t) => {
    t.increments('id');
    t.integer('conversation_id').notNullable().references('id').inTable('support_conversations').onDelete('CASCADE');
    t.integer('author_user_id').notNullable().references('id').inTable('users');
    t.text('body').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['conversation_id']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('support_internal_notes');
  await knex.schema.dropTableIfExists('merchant_tags');
  await knex.schema.dropTableIfExists('merchant_notes');
};
