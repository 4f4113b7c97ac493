import type { Locale } from '@merchant-hub/domain';
import { isLocale } from '@merchant-hub/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * The interface language as one of the five product locales (ar/he, used for RTL checks, read as English).
 * A language picked on a page whose address names one (`/signin?locale=en`) becomes the address's too: the
 * pages apply the address's locale when they mount (a language's download may mount them again), so an address
 * left saying `en` would undo the visitor's choice; and a link made from the address carries the choice on.
 */
export const useLanguage = () => {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const language: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const changeLanguage = (locale: Locale) => {
    if (params.has('locale') && params.get('locale') !== locale) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('locale', locale);
          return next;
        },
        { replace: true },
      );
    }
    void i18n.changeLanguage(locale);
  };
  return { language, changeLanguage };
};
