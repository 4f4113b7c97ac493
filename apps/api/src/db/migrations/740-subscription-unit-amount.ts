import { netPrice } from '@merchant-hub/money';
import type { Knex } from 'knex';

/**
 * The unit amount a subscription is billed at for its current period (the plan's subtotal before tax, minor
 * units, per unit), as a Stripe subscription item carries its price: an edited package price reaches the
 * subscriber at the next renewal, and a proration credits the unused time at what was paid, not at the
 * package's price of the day. Set on every subscription write that starts a period or changes the plan.
 *
 * Backfill: from each package's current price (after its own discount). No package price has been edited in
 * production before this migration, so the current price is the price every existing period was billed at.
 * Rows left null (none after this) fall back to the package's price in the code.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.bigInteger('unit_amount').nullable();
  });
  const packages: { id: unknown; price: unknown; discount: unknown }[] = await knex('packages').select('id', 'price', 'discount');
  for (const pkg of packages) {
    await knex('subscriptions')
      .where({ package_id: Number(pkg.id) })
      .whereNull('unit_amount')
      .update({ unit_amount: netPrice(Number(pkg.price), Number(pkg.discount)) });
  }
};

export const down = async (knex: Knex): Promise<void> => {
  // A plain DROP COLUMN on both databases: Knex's SQLite table copy would break the staff directory's triggers.
  await knex.raw('alter table ?? drop column ??', ['subscriptions', 'unit_amount']);
};
