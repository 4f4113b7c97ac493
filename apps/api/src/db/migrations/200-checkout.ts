import type { Knex } from 'knex';

/**
 * Checkout orders: what a buyer who is not yet a merchant is paying for, and the one-time sign-in that
 * follows. The result-page token and the sign-in ticket are stored only as SHA-256 hashes.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('checkout_orders', (t) => {
    t.increments('id');
    t.string('channel', 10).notNullable(); // ecpay | card | fpx
    t.string('trade_no', 20).notNullable().unique(); // ECPay MerchantTradeNo; our reference for the others
    t.string('result_token_hash', 64).notNullable().unique();
    t.string('status', 20).notNullable(); // pending | paid | failed
    t.integer('package_id').notNullable().references('id').inTable('packages');
    t.string('email', 255).notNullable();
    t.text('form_json').notNullable();
    t.string('coupon_code', 64).nullable();
    t.integer('amount').notNullable(); // minor units of `currency`
    t.string('currency', 3).notNullable();
    t.string('payment_ref', 64).nullable().unique(); // payment method, payment intent or ECPay TradeNo
    t.string('rtn_code', 20).nullable();
    t.string('rtn_msg', 255).nullable();
    t.integer('notifications').notNullable().defaultTo(0);
    t.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('merchant_id').nullable().references('id').inTable('merchants').onDelete('SET NULL');
    t.string('ticket_hash', 64).nullable().unique();
    t.bigInteger('ticket_expires_at').nullable();
    t.bigInteger('signed_in_at').nullable();
    t.bigInteger('paid_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['email']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('checkout_orders');
};
