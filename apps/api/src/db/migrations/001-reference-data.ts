import type { Knex } from 'knex';

/** Lists the sign-in, sign-up and checkout screens read: markets, currencies, languages, categories, banners. */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('currencies', (t) => {
    t.string('code', 3).primary();
    t.string('name', 100).notNullable();
    t.string('symbol_left', 10).notNullable();
    t.string('symbol_right', 10).notNullable().defaultTo('');
    t.integer('decimal_places').notNullable().defaultTo(2);
  });
  await knex.schema.createTable('countries', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('iso_code', 2).notNullable().unique();
    t.string('dial_code', 8).notNullable();
    t.string('currency_code', 3).notNullable().references('code').inTable('currencies');
    t.string('default_locale', 10).notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('states', (t) => {
    t.increments('id');
    t.integer('country_id').notNullable().references('id').inTable('countries').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.unique(['country_id', 'name']);
  });
  await knex.schema.createTable('languages', (t) => {
    t.increments('id');
    t.string('locale', 10).notNullable().unique();
    t.string('name', 100).notNullable();
    t.string('icon', 255).nullable();
  });
  await knex.schema.createTable('store_industries', (t) => {
    t.integer('id').primary();
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('shop_categories', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('banners', (t) => {
    t.increments('id');
    t.string('placement', 10).notNullable(); // login | signup
    t.string('country_iso', 2).nullable(); // null: every market
    t.integer('banner_type').notNullable().defaultTo(0);
    t.index(['placement', 'country_iso']);
  });
  await knex.schema.createTable('banner_images', (t) => {
    t.increments('id');
    t.integer('banner_id').notNullable().references('id').inTable('banners').onDelete('CASCADE');
    t.string('banner_image', 500).notNullable();
    t.string('background_image', 500).notNullable();
    t.string('link', 500).nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of ['banner_images', 'banners', 'shop_categories', 'store_industries', 'languages', 'states', 'countries', 'currencies']) {
    await knex.schema.dropTableIfExists(table);
  }
};
