import { type Banner, type Country, type CurrencyOption, type Language, type ListTranslations, type State, TRANSLATED_LANGUAGES } from '@merchant-hub/domain';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';

type Executor = Db | Knex.Transaction;

export type CountryRecord = Country & { currency_code: string; default_locale: string };

const toCountry = (row: Record<string, unknown>): CountryRecord => ({
  id: Number(row.id),
  name: String(row.name),
  dial_code: String(row.dial_code),
  iso_code: String(row.iso_code),
  currency_code: String(row.currency_code),
  default_locale: String(row.default_locale),
});

export const listCountries = async (db: Executor): Promise<CountryRecord[]> =>
  (await db('countries').orderBy('sort_order').select()).map(toCountry);

/** A select may send the id, the ISO code or the name. */
export const findCountry = async (db: Executor, choice: string | number): Promise<CountryRecord | undefined> => {
  const value = String(choice).trim();
  const query = db('countries');
  // Ids fit an integer column: a longer run of digits is a name no country has (PostgreSQL would throw on it).
  if (/^\d{1,9}$/.test(value)) query.where({ id: Number(value) });
  else if (/^[A-Za-z]{2}$/.test(value)) query.where({ iso_code: value.toUpperCase() });
  else query.whereRaw('lower(name) = ?', [value.toLowerCase()]);
  const row = await query.first();
  return row ? toCountry(row) : undefined;
};

/** A list entry's `translations` column (JSON), as the API sends it: only the languages it has a name in. */
export const translationsOf = (value: unknown): ListTranslations => {
  if (typeof value !== 'string' || value === '') return {};
  const parsed = JSON.parse(value) as Record<string, unknown>;
  return Object.fromEntries(TRANSLATED_LANGUAGES.flatMap((language) => (typeof parsed[language] === 'string' && parsed[language] !== '' ? [[language, parsed[language]]] : [])));
};

export const listStates = async (db: Executor, countryId: number): Promise<State[]> =>
  (await db('states').where({ country_id: countryId }).orderBy('name').select('id', 'name', 'translations')).map((row) => ({ id: Number(row.id), name: String(row.name), translations: translationsOf(row.translations) }));

export const findState = async (db: Executor, countryId: number, choice: string | number): Promise<State | undefined> => {
  const value = String(choice).trim();
  const query = db('states').where({ country_id: countryId });
  if (/^\d{1,9}$/.test(value)) query.andWhere({ id: Number(value) });
  else query.andWhereRaw('lower(name) = ?', [value.toLowerCase()]);
  const row = await query.first('id', 'name', 'translations');
  return row ? { id: Number(row.id), name: String(row.name), translations: translationsOf(row.translations) } : undefined;
};

export const listCurrencies = async (db: Executor): Promise<(CurrencyOption & { name: string; symbol_right: string })[]> =>
  (await db('currencies').orderBy('code').select()).map((row) => ({
    code: String(row.code),
    name: String(row.name),
    symbol_left: String(row.symbol_left),
    symbol_right: String(row.symbol_right),
    decimal_places: Number(row.decimal_places),
  }));

export const currencyExists = async (db: Executor, code: string): Promise<boolean> => Boolean(await db('currencies').where({ code: code.toUpperCase() }).first('code'));

export const listLanguages = async (db: Executor): Promise<Language[]> =>
  (await db('languages').orderBy('id').select()).map((row) => ({ languageId: Number(row.id), locale: String(row.locale), name: String(row.name), icon: (row.icon as string | null) ?? null }));

/** By locale code or id. */
export const findLanguage = async (db: Executor, choice: string): Promise<Language | undefined> => {
  const value = choice.trim();
  const row = await (/^\d+$/.test(value) ? db('languages').where({ id: Number(value) }) : db('languages').where({ locale: value })).first();
  return row ? { languageId: Number(row.id), locale: String(row.locale), name: String(row.name), icon: (row.icon as string | null) ?? null } : undefined;
};

/** A reference list the staff console translates (issue 31 #5): its table. */
export const TRANSLATED_LIST_TABLES = { industries: 'store_industries', shop_categories: 'shop_categories' } as const;
export type TranslatedList = keyof typeof TRANSLATED_LIST_TABLES;
export type ListEntry = { id: number; name: string; translations: ListTranslations };

const toListEntry = (row: Record<string, unknown>): ListEntry => ({ id: Number(row.id), name: String(row.name), translations: translationsOf(row.translations) });

/** A translated list's entries in id order, each with its names in the other languages. */
export const listEntries = async (db: Executor, list: TranslatedList): Promise<ListEntry[]> =>
  (await db(TRANSLATED_LIST_TABLES[list]).orderBy('id').select('id', 'name', 'translations')).map(toListEntry);

export const findListEntry = async (db: Executor, list: TranslatedList, id: number): Promise<ListEntry | undefined> => {
  const row = await db(TRANSLATED_LIST_TABLES[list]).where({ id }).first('id', 'name', 'translations');
  return row ? toListEntry(row) : undefined;
};

/** Writes an entry's names in the other languages (only those given and not blank are kept). */
export const setListTranslations = async (db: Executor, list: TranslatedList, id: number, translations: ListTranslations): Promise<void> => {
  await db(TRANSLATED_LIST_TABLES[list]).where({ id }).update({ translations: JSON.stringify(translationsOf(JSON.stringify(translations))) });
};

export const listIndustries = (db: Executor): Promise<ListEntry[]> => listEntries(db, 'industries');

export const industryExists = async (db: Executor, id: number): Promise<boolean> => Boolean(await db('store_industries').where({ id }).first('id'));

export const listShopCategories = (db: Executor): Promise<ListEntry[]> => listEntries(db, 'shop_categories');

export const shopCategoryExists = async (db: Executor, id: number): Promise<boolean> => Boolean(await db('shop_categories').where({ id }).first('id'));

/** The market's own banner when one exists, else the banner for every market. */
export const findBanner = async (db: Executor, placement: 'login' | 'signup', countryIso: string | null): Promise<Banner> => {
  const own = countryIso ? await db('banners').where({ placement, country_iso: countryIso }).first() : undefined;
  const banner = own ?? (await db('banners').where({ placement }).whereNull('country_iso').first());
  if (!banner) return { banner_type: 0, images_details: [] };
  const images = await db('banner_images').where({ banner_id: banner.id }).orderBy('sort_order').select();
  return {
    banner_type: Number(banner.banner_type),
    images_details: images.map((row) => ({ banner_image: String(row.banner_image), background_image: String(row.background_image), link: (row.link as string | null) ?? null })),
  };
};

export const countryExists = async (db: Executor, id: number): Promise<boolean> => Boolean(await db('countries').where({ id }).first('id'));
