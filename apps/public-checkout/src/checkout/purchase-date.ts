import { normalizeLocale } from '@merchant-hub/i18n';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Spec §2: Chinese locales read 2026年3月2日; every other language 'DD MMM Y' (02 Mar 2026). */
export const formatPurchaseDate = (date: Date, language: string): string => {
  const locale = normalizeLocale(language);
  if (locale === 'zh' || locale === 'zhtw') return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
  return `${String(date.getDate()).padStart(2, '0')} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};
