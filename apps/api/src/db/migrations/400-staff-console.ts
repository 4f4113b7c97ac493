import type { Knex } from 'knex';

/*
 * The staff console (issue 10): what an audit entry records, staff credit adjustments with their approval and
 * reversal links, the idempotency keys of staff writes, and the indexes the merchant directory searches with.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('audit_log', (t) => {
    t.string('reason', 500).nullable();
    t.string('outcome', 10).notNullable().defaultTo('succeeded'); // succeeded | refused
    t.string('error_code', 60).nullable();
    t.text('before_summary').nullable(); // JSON
    t.text('after_summary').nullable(); // JSON
    t.string('actor_role', 20).nullable(); // support | superadmin, for the merchant's own view
    t.index(['actor_user_id', 'id']);
    t.index(['action', 'id']);
    t.index(['created_at']);
  });

  // Append-only: no statement may change or remove an entry, whatever code runs.
  if (knex.client.config.client === 'pg') {
    await knex.raw(`create or replace function audit_log_append_only() returns trigger as $$
      begin raise exception 'audit_log is append-only'; end; $$ language plpgsql`);
    await knex.raw('create trigger audit_log_no_update before update or delete on audit_log for each row execute function audit_log_append_only()');
  } else {
    await knex.raw("create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end");
    await knex.raw("create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end");
  }

  await knex.schema.createTable('staff_credit_adjustments', (t) => {
    t.string('id', 64).primary();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.integer('requested_by').notNullable().references('id').inTable('users');
    t.string('direction', 10).notNullable(); // credit | debit
    t.integer('amount').notNullable(); // positive minor units
    t.string('currency', 3).notNullable();
    t.string('description', 255).notNullable();
    t.string('reason', 500).notNullable();
    t.string('status', 20).notNullable(); // applied | pending_approval | rejected | reversed
    t.string('ledger_entry_id', 64).nullable();
    t.string('reverses_id', 64).nullable(); // the adjustment this one undoes
    t.string('reversed_by_id', 64).nullable();
    t.integer('decided_by').nullable().references('id').inTable('users');
    t.bigInteger('decided_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['status', 'created_at']);
    t.index(['merchant_id', 'created_at']);
  });

  await knex.schema.createTable('staff_idempotency_keys', (t) => {
    t.integer('staff_user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('key', 255).notNullable();
    t.string('request_hash', 64).notNullable();
    t.integer('status').notNullable();
    t.text('response').notNullable(); // JSON
    t.bigInteger('created_at').notNullable();
    t.primary(['staff_user_id', 'key']);
  });

  // Directory: the default sort, the newest-first sort and the plan/state joins of 100,000 merchants.
  await knex.schema.alterTable('merchants', (t) => {
    t.index(['name', 'id']);
    t.index(['created_at', 'id']);
    t.index(['country_id']);
  });
  await knex.schema.alterTable('subscriptions', (t) => t.index(['merchant_id', 'stripe_status']));
  await knex.schema.alterTable('payments', (t) => t.index(['status', 'created_at']));
  await knex.schema.alterTable('outbox', (t) => t.index(['to_address', 'id']));
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('outbox', (t) => t.dropIndex(['to_address', 'id']));
  await knex.schema.alterTable('payments', (t) => t.dropIndex(['status', 'created_at']));
  await knex.schema.alterTable('subscriptions', (t) => t.dropIndex(['merchant_id', 'stripe_status']));
  await knex.schema.alterTable('merchants', (t) => {
    t.dropIndex(['name', 'id']);
    t.dropIndex(['created_at', 'id']);
    t.dropIndex(['country_id']);
  });
  await knex.schema.dropTableIfExists('staff_idempotency_keys');
  await knex.schema.dropTableIfExists('staff_credit_adjustments');
  if (knex.client.config.client === 'pg') {
    await knex.raw('drop trigger if exists audit_log_no_update on audit_log');
    await knex.raw('drop function if exists audit_log_append_only()');
  } else {
    await knex.raw('drop trigger if exists audit_log_no_update');
    await knex.raw('drop trigger if exists audit_log_no_delete');
  }
};
