import { FALLBACK_LOCALE, INTL_LOCALE_TAGS, normalizeLocale } from '@merchant-hub/i18n';
import type { Locale } from '@merchant-hub/i18n';

/** Where the chosen language is remembered between visits; one origin serves all three apps. */
export const LOCALE_STORAGE_KEY = 'merchant-hub.locale';

export type LocaleSources = {
  /** `window.location.search`: a `?locale=` link wins over what was stored (spec §2, sign-in and checkout). */
  search: string;
  stored: string | null;
};

/** The language to start in; any spelling (`zh-TW`, `th_TH`) is normalised, anything unknown reads English. */
export const resolveInitialLocale = ({ search, stored }: LocaleSources): Locale => {
  const fromLink = new URLSearchParams(search).get('locale');
  if (fromLink) return normalizeLocale(fromLink);
  return stored ? normalizeLocale(stored) : FALLBACK_LOCALE;
};

// Storage throws in private modes and sandboxed frames; the language then lasts for this visit only.
export const readStoredLocale = (storage: Pick<Storage, 'getItem'>): string | null => {
  try {
    return storage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/**
 * The language a page opens in: what the apps' i18n starts with, and what the prerendered pages' head script
 * asks (tools/vite/prerender.ts inlines this code) to hide their English markup from anyone who will not see
 * English. One implementation, so the two can never disagree.
 */
export const pageLocale = (search: string, storage: Pick<Storage, 'getItem'>): Locale =>
  resolveInitialLocale({ search, stored: readStoredLocale(storage) });

/**
 * The language a page opens in, as the product's code and as the BCP 47 tag `<html lang>` wants: what a
 * prerendered page's head script puts on `<html>` before the page paints (tools/vite/prerender.ts).
 */
export const pageLanguage = (search: string, storage: Pick<Storage, 'getItem'>): { locale: Locale; tag: string } => {
  const locale = pageLocale(search, storage);
  return { locale, tag: INTL_LOCALE_TAGS[locale] };
};
