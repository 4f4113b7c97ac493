// The lists module's public surface: reference data (countries, states, languages, currencies, industries).
export { listsModule } from './lists.module';
export { currencyExists, findCountry, findLanguage, findState, industryExists, listCountries, listCurrencies, listIndustries, listLanguages, shopCategoryExists } from './lists.repository';
