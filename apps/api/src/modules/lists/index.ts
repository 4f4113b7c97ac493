// The lists module's public surface: reference data (countries, states, languages, currencies, industries).
export { listsModule } from './lists.module';
export { currencyExists, findCountry, findLanguage, findListEntry, findState, industryExists, listCountries, listCurrencies, listEntries, listIndustries, listLanguages, setListTranslations, shopCategoryExists } from './lists.repository';
export type { ListEntry, TranslatedList } from './lists.repository';
