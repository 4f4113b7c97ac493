import type { Knex } from 'knex';

const timestamps = (t: Knex.CreateTableBuilder): void => {
  t.timestamp('created_at', { useTz: true }).notNullable();
  t.timestamp('updated_at', { useTz: true }).notNullable();
};

/** Accounts, merchants, stores and every secret-bearing table; secrets are stored only as hashes. */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('roles', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable().unique();
  });
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('name', 255).notNullable();
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('last_name', 100).notNullable().defaultTo('');
    t.string('email', 255).notNullable().unique(); // stored lower-cased
    t.string('password_hash', 255).notNullable();
    t.string('phone', 32).nullable().unique(); // E.164, e.g. +60123456789
    t.string('image', 500).nullable();
    t.string('image_url', 500).nullable();
    t.string('line_id', 100).nullable();
    t.string('locale', 10).notNullable().defaultTo('en');
    t.integer('country_id').nullable().references('id').inTable('countries');
    t.boolean('skip_otp').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('active'); // active | pending
    t.timestamp('email_verified_at', { useTz: true }).nullable();
    timestamps(t);
  });
  await knex.schema.createTable('user_roles', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('role_id').notNullable().references('id').inTable('roles').onDelete('CASCADE');
    t.primary(['user_id', 'role_id']);
  });
  await knex.schema.createTable('merchants', (t) => {
    t.increments('id');
    t.integer('owner_user_id').notNullable().unique().references('id').inTable('users').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.integer('country_id').nullable().references('id').inTable('countries');
    t.string('currency_code', 3).notNullable().references('code').inTable('currencies');
    t.string('image', 500).nullable();
    timestamps(t);
  });
  await knex.schema.createTable('stores', (t) => {
    t.increments('id');
    t.integer('merchant_id').notNullable().references('id').inTable('merchants').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.string('email', 255).notNullable();
    t.string('owner_name', 255).nullable();
    t.string('telephone', 32).nullable();
    t.string('fax', 32).nullable();
    t.string('address1', 255).nullable();
    t.string('address2', 255).nullable();
    t.string('city', 100).nullable();
    t.string('zip', 20).nullable();
    t.integer('country_id').nullable().references('id').inTable('countries');
    t.integer('state_id').nullable().references('id').inTable('states');
    t.integer('industry_id').nullable().references('id').inTable('store_industries');
    t.integer('shop_category_id').nullable().references('id').inTable('shop_categories');
    t.string('currency_code', 3).notNullable().references('code').inTable('currencies');
    t.string('language_locale', 10).notNullable().defaultTo('en');
    t.string('image', 500).nullable();
    t.boolean('out_of_credit').notNullable().defaultTo(false);
    timestamps(t);
    t.index(['merchant_id']);
  });
  await knex.schema.createTable('store_users', (t) => {
    t.increments('id');
    t.integer('store_id').notNullable().references('id').inTable('stores').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.unique(['store_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('sessions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique(); // SHA-256 hex of the opaque token
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.string('ip', 64).nullable();
    t.string('user_agent', 255).nullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('one_time_codes', (t) => {
    t.increments('id');
    t.string('purpose', 20).notNullable(); // login | trial
    t.string('subject', 255).notNullable(); // lower-cased e-mail
    t.integer('user_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('code_hash', 64).nullable(); // HMAC-SHA256(SESSION_SECRET, code) hex
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.integer('attempts_left').notNullable();
    t.timestamp('last_attempt_at', { useTz: true }).nullable();
    t.timestamp('banned_until', { useTz: true }).nullable();
    t.timestamp('verified_at', { useTz: true }).nullable();
    timestamps(t);
    t.unique(['purpose', 'subject']);
  });
  for (const table of ['password_reset_tokens', 'activation_tokens']) {
    await knex.schema.createTable(table, (t) => {
      t.increments('id');
      t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('token_hash', 64).notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true }).nullable();
    });
  }
  await knex.schema.createTable('merchant_creation_tokens', (t) => {
    t.increments('id');
    t.string('email', 255).notNullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('created_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('trial_registrations', (t) => {
    t.increments('id');
    t.string('email', 255).notNullable().unique();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('mobile_no', 32).notNullable();
    t.string('line_id', 100).notNullable();
    t.string('store_name', 255).notNullable();
    t.string('password_hash', 255).notNullable();
    t.timestamp('verified_at', { useTz: true }).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    timestamps(t);
  });
  await knex.schema.createTable('outbox', (t) => {
    t.increments('id');
    t.string('channel', 10).notNullable(); // email | sms
    t.string('to_address', 255).notNullable();
    t.string('subject', 255).nullable();
    // AES-256-GCM with a key derived from SESSION_SECRET: messages carry codes and links, which the database
    // must never hold in clear text; only the mailbox (and a real sender) decrypts them.
    t.text('body_encrypted').notNullable();
    t.string('kind', 40).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['to_address', 'created_at']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  const tables = [
    'outbox',
    'trial_registrations',
    'merchant_creation_tokens',
    'activation_tokens',
    'password_reset_tokens',
    'one_time_codes',
    'sessions',
    'store_users',
    'stores',
    'merchants',
    'user_roles',
    'users',
    'roles',
  ];
  for (const table of tables) await knex.schema.dropTableIfExists(table);
};
