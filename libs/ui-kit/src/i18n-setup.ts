import { INTL_LOCALE_TAGS, createI18n, dir, loadI18n, normalizeLocale } from '@merchant-hub/i18n';
import type { i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY, pageLocale } from './locale';

export type CreateAppI18nOptions = {
  search?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Receives `lang` and `dir`; Mantine's direction provider follows `dir`. */
  root?: HTMLElement;
};

export type LoadAppI18nOptions = CreateAppI18nOptions & {
  /** The namespaces the first page needs (default: all); see `loadI18n`. */
  namespaces?: readonly string[];
  /**
   * Namespaces the first page shows only once something happens (`ERROR_NAMESPACES`): they start
   * downloading as soon as `namespaces` are in, without holding the first render back. A component that
   * shows one of their texts draws again when it arrives (react-i18next re-renders on i18next's `loaded`);
   * a text made from an error waits for them (`textsOfFailures`).
   */
  later?: readonly string[];
};

/**
 * The texts of failures: the API's error keys and the forms' messages. A first page draws without them and
 * loads them right after (`LoadAppI18nOptions.later`).
 */
export const ERROR_NAMESPACES: readonly string[] = ['errors', 'validation'];

/**
 * Resolves once the texts of failures are in (at once when they are): the apps' HTTP client waits for it
 * before it reports a failed call (`beforeFailing`), and so does a message made from an error.
 */
export const textsOfFailures = (i18n: I18nInstance): Promise<void> => i18n.loadNamespaces([...ERROR_NAMESPACES]);

/**
 * The i18next instance an app renders with: language from the link or the stored preference, bound to
 * react-i18next, mirrored on `<html lang dir>` and remembered when the user changes it. Every language is
 * bundled and ready at once (tests, tools); the apps' entries use `loadAppI18n`.
 */
export const createAppI18n = ({
  search = window.location.search,
  storage = window.localStorage,
  root = document.documentElement,
}: CreateAppI18nOptions = {}): I18nInstance => {
  const lng = pageLocale(search, storage);
  return bindToDocument(createI18n({ lng, plugins: [initReactI18next] }), storage, root, search);
};

/**
 * `createAppI18n` for an app's first page: downloads only the language it shows (and English, the fallback),
 * resolving once both are in; picking another language downloads that one before the page switches.
 */
export const loadAppI18n = async ({
  search = window.location.search,
  storage = window.localStorage,
  root = document.documentElement,
  namespaces,
  later = [],
}: LoadAppI18nOptions = {}): Promise<I18nInstance> => {
  const lng = pageLocale(search, storage);
  const i18n = await loadI18n({ lng, plugins: [initReactI18next], namespaces });
  // Namespaces that arrive after the first render must redraw the components that show them.
  i18n.options.react = { ...i18n.options.react, bindI18n: 'languageChanged loaded' };
  if (later.length > 0) void i18n.loadNamespaces([...later]).catch(() => undefined);
  return bindToDocument(i18n, storage, root, search);
};

const bindToDocument = (i18n: I18nInstance, storage: Pick<Storage, 'setItem'>, root: HTMLElement, search: string): I18nInstance => {
  const mirror = (language: string) => {
    // `lang` wants a BCP 47 tag (`zh-TW`), which the product's own code `zhtw` is not.
    root.setAttribute('lang', INTL_LOCALE_TAGS[normalizeLocale(language)]);
    root.setAttribute('dir', dir(language));
  };
  mirror(i18n.language);
  // A `?locale=` link is a choice too: the next page of this visit (the result page a bank or ECPay sends the
  // buyer back to, the sign-in page) may have no locale in its address.
  if (new URLSearchParams(search).get('locale')) writeSafely(storage, i18n.language);
  i18n.on('languageChanged', (language: string) => {
    mirror(language);
    writeSafely(storage, language);
  });
  return i18n;
};

const writeSafely = (storage: Pick<Storage, 'setItem'>, language: string): void => {
  try {
    storage.setItem(LOCALE_STORAGE_KEY, language);
  } catch {
    return;
  }
};
