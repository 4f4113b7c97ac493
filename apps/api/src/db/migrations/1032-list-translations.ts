import type { Knex } from 'knex';
import { INDUSTRY_TRANSLATIONS, SHOP_CATEGORY_TRANSLATIONS } from '../reference/list-names';

/*
 * Issue 31 #5: the store industries and shop categories carry their names in the other languages (JSON: ms, zh,
 * zhtw, th), edited by superadmins in the console's catalog screen; the sign-up and the wizard show the page's
 * language, English where an entry has none. A database seeded before gets the names the pages had until now.
 */

const TABLES = [
  ['store_industries', INDUSTRY_TRANSLATIONS],
  ['shop_categories', SHOP_CATEGORY_TRANSLATIONS],
] as const;

export const up = async (knex: Knex): Promise<void> => {
  for (const [table, names] of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.text('translations').nullable();
    });
    const rows = (await knex(table).select('id', 'name')) as { id: number; name: string }[];
    for (const row of rows) {
      const translations = names[String(row.name)];
      if (translations) await knex(table).where({ id: row.id }).update({ translations: JSON.stringify(translations) });
    }
  }
};

export const down = async (knex: Knex): Promise<void> => {
  for (const [table] of TABLES) await knex.schema.alterTable(table, (t) => t.dropColumn('translations'));
};
