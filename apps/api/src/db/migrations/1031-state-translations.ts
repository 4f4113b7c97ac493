import type { Knex } from 'knex';
import { STATE_TRANSLATIONS } from '../reference/state-names';

/*
 * Issue 31 #5: state and region names in every language. `states.translations` holds the names in the other
 * languages (JSON: ms, zh, zhtw, th); the sign-up, profile, billing details and checkout show the one of the page's
 * language, the invoice the merchant's. A database seeded before gets them here, by the English name.
 */

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('states', (t) => {
    t.text('translations').nullable();
  });
  const rows = (await knex('states').select('id', 'name')) as { id: number; name: string }[];
  for (const row of rows) {
    const translations = STATE_TRANSLATIONS[String(row.name)];
    if (translations) await knex('states').where({ id: row.id }).update({ translations: JSON.stringify(translations) });
  }
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('states', (t) => t.dropColumn('translations'));
};
