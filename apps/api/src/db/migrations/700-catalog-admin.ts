import type { Knex } from 'knex';

/**
 * Staff-managed catalog and promotion codes (issue 11): a promotion code may be restricted to markets and to
 * plan tiers (group keys), remembers who made it and when it was deactivated; a redemption remembers the
 * invoice its discount went on; and one revision row is bumped by every catalog write, so a cache on any API
 * instance can tell a stale parsed catalog with one cheap read.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('promotion_codes', (t) => {
    t.string('markets', 40).nullable(); // comma list (MY,SG); null: every market
    t.string('plan_keys', 255).nullable(); // comma list of plan group keys (growth,pro); null: every plan
    t.integer('created_by').nullable();
    t.bigInteger('deactivated_at').nullable();
  });
  await knex.schema.alterTable('coupon_redemptions', (t) => {
    t.string('invoice_id', 64).nullable();
    t.index(['promotion_code_id']);
  });
  await knex.schema.createTable('catalog_revision', (t) => {
    t.integer('id').primary();
    t.integer('revision').notNullable().defaultTo(0);
    t.bigInteger('updated_at').notNullable().defaultTo(0);
  });
  await knex('catalog_revision').insert({ id: 1, revision: 0, updated_at: 0 });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable('catalog_revision');
  await knex.schema.alterTable('coupon_redemptions', (t) => {
    t.dropIndex(['promotion_code_id']);
    t.dropColumn('invoice_id');
  });
  await knex.schema.alterTable('promotion_codes', (t) => {
    t.dropColumn('deactivated_at');
    t.dropColumn('created_by');
    t.dropColumn('plan_keys');
    t.dropColumn('markets');
  });
};
