import type { Knex } from 'knex';

/*
 * Taiwan renewals through ECPay (issue 25 #4). `ecpay_agreements`: one periodic card agreement ("定期定額") per
 * periodic order (its MerchantTradeNo), the subscription it pays for and at what amount; `ecpay_period_charges`:
 * every charge ECPay reported for one (the first through ReturnURL, the later ones through PeriodReturnURL), one row
 * per notification key so a redelivery changes nothing; `ecpay_invoice_orders`: one-off (or agreement-starting)
 * ECPay orders that pay an open invoice from the back office. `sandbox_ecpay_agreements`: what the sandbox ECPay
 * keeps of an agreement (its schedule, the charges it made, whether it was cancelled), ECPAY_MODE=sandbox only.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('ecpay_agreements', (t) => {
    t.increments('id');
    t.string('merchant_trade_no', 20).notNullable().unique();
    t.integer('merchant_id').nullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.integer('subscription_id').nullable().references('id').inTable('subscriptions').onDelete('SET NULL');
    t.integer('package_id').notNullable().references('id').inTable('packages');
    t.integer('amount').notNullable(); // minor units (TWD: whole dollars × 100)
    t.string('currency', 3).notNullable();
    t.string('period_type', 1).notNullable(); // M | Y
    t.integer('frequency').notNullable();
    t.integer('exec_times').notNullable();
    t.string('status', 20).notNullable(); // pending | active | cancel_requested | canceled | failed
    t.string('gateway_trade_no', 40).nullable();
    t.bigInteger('first_charged_at').nullable(); // the merchant's clock when the first charge was recorded
    t.bigInteger('lag_seconds').notNullable().defaultTo(0); // first charge after the start of the period it paid
    t.string('cancel_reason', 60).nullable();
    t.string('cancel_error', 255).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('activated_at').nullable();
    t.bigInteger('cancel_requested_at').nullable();
    t.bigInteger('canceled_at').nullable();
    t.index(['merchant_id', 'status']);
    t.index(['subscription_id', 'status']);
    t.index(['status']);
  });

  await knex.schema.createTable('ecpay_period_charges', (t) => {
    t.increments('id');
    t.integer('agreement_id').notNullable().references('id').inTable('ecpay_agreements').onDelete('CASCADE');
    // `<n>` for a successful charge (ECPay's TotalSuccessTimes), `fail:<Gwsr or ProcessDate>` for a refused one.
    t.string('notification_key', 80).notNullable();
    t.integer('exec_no').nullable();
    t.boolean('succeeded').notNullable();
    t.integer('amount').notNullable(); // minor units
    t.string('rtn_code', 20).notNullable();
    t.string('rtn_msg', 255).nullable();
    t.string('gwsr', 40).nullable();
    t.boolean('simulated').notNullable().defaultTo(false);
    t.string('invoice_id', 64).nullable().references('id').inTable('invoices').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.unique(['agreement_id', 'notification_key']);
    t.index(['agreement_id', 'invoice_id']);
  });

  await knex.schema.createTable('ecpay_invoice_orders', (t) => {
    t.string('trade_no', 20).primary();
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('invoice_id', 64).notNullable().references('id').inTable('invoices').onDelete('CASCADE');
    t.integer('amount').notNullable();
    t.string('currency', 3).notNullable();
    t.boolean('periodic').notNullable().defaultTo(false);
    t.string('status', 20).notNullable(); // pending | paid | failed | paid_elsewhere
    t.string('gateway_trade_no', 40).nullable();
    t.string('return_url', 500).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('settled_at').nullable();
    t.index(['invoice_id']);
  });

  await knex.schema.createTable('sandbox_ecpay_agreements', (t) => {
    t.string('merchant_trade_no', 20).primary();
    t.integer('amount').notNullable(); // whole TWD, as ECPay counts
    t.string('period_type', 1).notNullable();
    t.integer('frequency').notNullable();
    t.integer('exec_times').notNullable();
    t.string('period_return_url', 200).notNullable();
    t.integer('total_success_times').notNullable().defaultTo(1); // successful charges, the first included
    t.integer('charges_made').notNullable().defaultTo(1); // charges attempted, the first included
    t.string('status', 20).notNullable(); // active | canceled
    t.boolean('decline_later').notNullable().defaultTo(false); // the tester chose: later charges are declined
    t.bigInteger('created_at').notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('sandbox_ecpay_agreements');
  await knex.schema.dropTableIfExists('ecpay_invoice_orders');
  await knex.schema.dropTableIfExists('ecpay_period_charges');
  await knex.schema.dropTableIfExists('ecpay_agreements');
};
