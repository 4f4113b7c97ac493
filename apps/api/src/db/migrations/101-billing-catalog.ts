import type { Knex } from 'knex';
import { seedBillingCatalog } from '../seeds/billing-catalog';

/** The plan catalog is product data every environment needs, so it ships as a data migration. */
export const up = async (knex: Knex): Promise<void> => {
  await seedBillingCatalog(knex, Math.floor(Date.now() / 1000));
};

export const down = async (knex: Knex): Promise<void> => {
  await knex('packages').delete();
};
