import type { Knex } from 'knex';

/*
 * The billing domain. Every billing moment is a bigint of unix seconds (Stripe counts time that way, and the
 * scheduler compares it with the per-merchant sandbox clock offset in plain SQL on SQLite and PostgreSQL alike);
 * every amount is an integer of ISO 4217 minor units beside a currency code.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('packages', (t) => {
    t.increments('id');
    t.string('market', 2).notNullable();
    t.string('currency', 3).notNullable();
    t.string('group_key', 40).notNullable(); // the tier, the same in every market: starter, growth, ..., addon
    t.string('name', 100).notNullable();
    t.string('billing_period', 10).notNullable(); // monthly | yearly
    t.integer('price').notNullable(); // list price of one period
    t.double('discount').notNullable().defaultTo(0); // percent
    t.double('tax').notNullable(); // percent
    t.string('tax_label', 60).notNullable();
    t.string('image', 255).nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('hide').notNullable().defaultTo(false);
    t.boolean('is_addon').notNullable().defaultTo(false);
    t.string('stripe_id', 100).notNullable().unique();
    t.text('descriptions').notNullable(); // JSON {basic, features, report}
    for (const item of ['order', 'item', 'channel', 'staff', 'warehouse', 'competitor_products']) {
      t.string(`max_${item}`, 12).notNullable().defaultTo('*');
    }
    t.bigInteger('created_at').notNullable();
    t.index(['market', 'billing_period']);
  });

  await knex.schema.createTable('billing_accounts', (t) => {
    t.integer('merchant_id').primary().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('currency', 3).notNullable();
    t.string('name', 255).nullable();
    t.string('email', 255).nullable();
    t.string('address1', 255).nullable();
    t.string('address2', 255).nullable();
    t.string('city', 100).nullable();
    t.string('postal_code', 20).nullable();
    t.string('country', 100).nullable();
    t.string('state_or_region', 100).nullable();
    t.string('payment_type', 10).notNullable().defaultTo('card'); // card | fpx | manual
    t.string('default_payment_method', 64).nullable();
    t.string('gateway_customer_id', 64).nullable();
    t.integer('balance').notNullable().defaultTo(0); // running total of the ledger: negative is credit
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('payment_methods', (t) => {
    t.string('id', 64).primary();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('brand', 20).notNullable();
    t.string('last4', 4).notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('detached_at').nullable();
    t.index(['merchant_id']);
  });

  await knex.schema.createTable('coupons', (t) => {
    t.string('id', 64).primary();
    t.string('name', 100).nullable();
    t.double('percent_off').nullable();
    t.integer('amount_off').nullable();
    t.string('currency', 3).nullable();
    t.string('duration', 10).notNullable(); // once | repeating | forever
    t.integer('duration_in_months').nullable();
    t.integer('max_redemptions').nullable();
    t.integer('times_redeemed').notNullable().defaultTo(0);
    t.bigInteger('redeem_by').nullable();
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('promotion_codes', (t) => {
    t.string('id', 64).primary();
    t.string('code', 60).notNullable(); // stored upper-case
    t.string('currency', 3).nullable(); // one code may point to one coupon per currency (SAVE10); null: any
    t.string('coupon_id', 64).notNullable().references('id').inTable('coupons').onDelete('CASCADE');
    t.boolean('active').notNullable().defaultTo(true);
    t.bigInteger('expires_at').nullable();
    t.integer('max_redemptions').nullable();
    t.integer('times_redeemed').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.unique(['code', 'currency']);
  });

  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id');
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('name', 20).notNullable(); // default | multistore
    t.string('stripe_status', 20).notNullable();
    t.string('stripe_plan', 100).notNullable();
    t.string('stripe_id', 64).notNullable().unique();
    t.integer('package_id').notNullable().references('id').inTable('packages');
    t.integer('quantity').notNullable().defaultTo(1);
    t.integer('lock_channel_count').notNullable().defaultTo(0);
    t.bigInteger('ends_at').nullable();
    t.bigInteger('trial_ends_at').nullable();
    t.bigInteger('current_period_start').nullable();
    t.bigInteger('current_period_end').nullable();
    t.bigInteger('billing_cycle_anchor').nullable();
    t.string('promotion_code_id', 64).nullable().references('id').inTable('promotion_codes');
    t.bigInteger('coupon_applied_at').nullable();
    t.integer('coupon_invoices_used').notNullable().defaultTo(0);
    t.string('collection_method', 30).notNullable().defaultTo('charge_automatically');
    t.integer('dunning_attempts').notNullable().defaultTo(0);
    t.bigInteger('next_retry_at').nullable();
    t.bigInteger('canceled_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['merchant_id', 'name']);
    t.index(['stripe_status', 'current_period_end']);
    t.index(['stripe_status', 'trial_ends_at']);
    t.index(['stripe_status', 'next_retry_at']);
  });

  await knex.schema.createTable('coupon_redemptions', (t) => {
    t.increments('id');
    t.string('promotion_code_id', 64).notNullable().references('id').inTable('promotion_codes');
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.integer('subscription_id').nullable().references('id').inTable('subscriptions').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('invoices', (t) => {
    t.increments('seq'); // also makes the invoice number: no two transactions can draw the same one
    t.string('id', 64).notNullable().unique();
    t.string('number', 40).notNullable().unique();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.integer('subscription_id').nullable().references('id').inTable('subscriptions').onDelete('SET NULL');
    t.string('status', 20).notNullable(); // draft | open | paid | void | uncollectible
    t.string('currency', 3).notNullable();
    t.integer('subtotal').notNullable();
    t.integer('discount').notNullable().defaultTo(0);
    t.integer('tax').notNullable().defaultTo(0);
    t.double('tax_percent').notNullable().defaultTo(0);
    t.string('tax_label', 60).nullable();
    t.integer('rounding_amount').notNullable().defaultTo(0);
    t.integer('total').notNullable();
    t.integer('starting_balance').notNullable().defaultTo(0);
    t.integer('applied_balance').notNullable().defaultTo(0);
    t.integer('amount_due').notNullable();
    t.integer('amount_paid').notNullable().defaultTo(0);
    t.string('collection_method', 30).notNullable();
    t.string('billing_reason', 40).notNullable();
    t.string('coupon_code', 60).nullable();
    t.bigInteger('period_start').notNullable();
    t.bigInteger('period_end').notNullable();
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.string('payment_intent_id', 64).nullable().unique(); // an FPX payment fulfils at most one invoice
    t.bigInteger('created_at').notNullable();
    t.bigInteger('finalized_at').nullable();
    t.bigInteger('paid_at').nullable();
    t.bigInteger('voided_at').nullable();
    t.index(['merchant_id', 'created_at']);
    t.index(['subscription_id', 'status']);
  });

  await knex.schema.createTable('invoice_lines', (t) => {
    t.increments('id');
    t.string('invoice_id', 64).notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.string('description', 255).notNullable();
    t.integer('amount').notNullable();
    t.integer('quantity').notNullable().defaultTo(1);
    t.boolean('proration').notNullable().defaultTo(false);
    t.bigInteger('period_start').notNullable();
    t.bigInteger('period_end').notNullable();
    t.index(['invoice_id']);
  });

  await knex.schema.createTable('payments', (t) => {
    t.string('id', 64).primary();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('invoice_id', 64).nullable().references('id').inTable('invoices').onDelete('SET NULL');
    t.string('payment_method_id', 64).nullable();
    t.string('method_type', 10).notNullable(); // card | fpx
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 20).notNullable(); // succeeded | failed | requires_action | processing
    t.string('failure_code', 60).nullable();
    t.string('failure_message', 255).nullable();
    // The guarantee that one charge attempt is made once, whatever retries or parallel requests do.
    t.string('idempotency_key', 255).notNullable().unique();
    t.bigInteger('created_at').notNullable();
    t.index(['merchant_id']);
  });

  await knex.schema.createTable('balance_transactions', (t) => {
    t.increments('seq');
    t.string('id', 64).notNullable().unique();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    t.string('description', 255).nullable();
    t.integer('amount').notNullable(); // positive debit, negative credit
    t.string('currency', 3).notNullable();
    t.integer('ending_balance').notNullable();
    t.string('invoice_id', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['merchant_id', 'seq']);
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id');
    t.integer('actor_user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('merchant_id').nullable().references('id').inTable('merchants').onDelete('SET NULL');
    t.string('action', 80).notNullable();
    t.text('details').nullable(); // JSON
    t.string('ip', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['merchant_id', 'id']);
  });

  await knex.schema.createTable('sandbox_clocks', (t) => {
    t.integer('merchant_id').primary().references('id').inTable('merchants').onDelete('CASCADE');
    t.bigInteger('offset_seconds').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('job_leases', (t) => {
    t.string('name', 60).primary();
    t.string('owner', 80).notNullable();
    t.bigInteger('leased_until').notNullable();
  });

  // The embedded sandbox gateway's own state (what Stripe would hold on its side).
  await knex.schema.createTable('sandbox_payment_methods', (t) => {
    t.string('id', 64).primary();
    t.string('brand', 20).notNullable();
    t.string('last4', 4).notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.string('behavior', 30).notNullable();
    t.string('customer', 64).nullable();
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('sandbox_intents', (t) => {
    t.string('id', 64).primary();
    t.string('kind', 10).notNullable(); // setup | payment
    t.string('client_secret', 100).notNullable();
    t.string('customer', 64).nullable();
    t.integer('amount').nullable();
    t.string('currency', 3).nullable();
    t.string('method_type', 10).notNullable(); // card | fpx
    t.string('payment_method', 64).nullable();
    t.string('status', 30).notNullable();
    t.string('failure_code', 60).nullable();
    t.string('failure_message', 255).nullable();
    t.string('idempotency_key', 255).nullable().unique();
    t.string('request_hash', 64).nullable();
    t.string('return_url', 500).nullable();
    t.text('metadata').nullable();
    t.bigInteger('created_at').notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  for (const table of [
    'sandbox_intents',
    'sandbox_payment_methods',
    'job_leases',
    'sandbox_clocks',
    'audit_log',
    'balance_transactions',
    'payments',
    'invoice_lines',
    'invoices',
    'coupon_redemptions',
    'subscriptions',
    'promotion_codes',
    'coupons',
    'payment_methods',
    'billing_accounts',
    'packages',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
};
