import { isSupportedLocale, normalizeLocale, type SupportedLocale } from '@merchant-hub/i18n';
import { LanguagePicker } from '@merchant-hub/ui-kit';
import { useTranslation } from 'react-i18next';

/** The gateway checkout's language picker: the page's language, switched in place (a chunk of its own, see `lazy-parts.ts`). */
export const LanguageChoice = () => {
  const { t, i18n } = useTranslation('checkout');
  const locale = normalizeLocale(i18n.language);
  return <LanguagePicker value={isSupportedLocale(locale) ? (locale as SupportedLocale) : 'en'} onChange={(lng) => void i18n.changeLanguage(lng)} label={t('language')} hideLabel />;
};
