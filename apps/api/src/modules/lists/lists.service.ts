import { regionNameTranslations } from '@merchant-hub/i18n';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { findUserByEmail } from '../accounts';
import { countryExists, findBanner, listCountries, listShopCategories, listStates } from './lists.repository';

/** Reference data as the public pages read it. */
export const createListsService = (deps: AppDeps) => {
  const { db } = deps;
  return {
    countries: async () => (await listCountries(db)).map(({ id, name, dial_code, iso_code }) => ({ id, name, dial_code, iso_code, translations: regionNameTranslations(iso_code, name) })),
    phoneCodes: async () =>
      (await listCountries(db)).map(({ id, name, dial_code, iso_code }) => ({ id, name, iso_code, dial_code, phone_code: `+${dial_code}`, translations: regionNameTranslations(iso_code, name) })),
    statesOf: async (countryId: number) => {
      if (!(await countryExists(db, countryId))) throw new AppError('not_found');
      return listStates(db, countryId);
    },
    banner: (placement: 'login' | 'signup', country: string | null) => findBanner(db, placement, country),
    assertEmailFree: async (email: string) => {
      if (await findUserByEmail(db, email)) throw new AppError('email_taken', { message: 'Email have been used' });
    },
    shopCategories: () => listShopCategories(db),
  };
};
