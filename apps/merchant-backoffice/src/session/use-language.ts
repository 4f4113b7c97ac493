import type { Locale } from '@merchant-hub/domain';
import { isLocale } from '@merchant-hub/domain';
import { useTranslation } from 'react-i18next';

/** The interface language as one of the five product locales (ar/he, used for RTL checks, read as English). */
export const useLanguage = () => {
  const { i18n } = useTranslation();
  const language: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const changeLanguage = (locale: Locale) => void i18n.changeLanguage(locale);
  return { language, changeLanguage };
};
