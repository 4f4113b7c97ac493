import i18next, { type BackendModule, type i18n, type Module, type ReadCallback } from 'i18next';
import { ALL_LOCALES, FALLBACK_LOCALE, normalizeLocale, type Locale } from './locale';
import type { Messages } from './messages';
import { sharedInitOptions, usePluralRulesOfIntlTags } from './plural-rules';

/** A language's namespaces, as its `locales/<code>/index.ts` exports them. */
export type LocaleBundle = { readonly [ns: string]: Messages };

/**
 * One dynamic import per language: a bundler gives each its own chunk, so a page downloads the language it
 * shows (and English, the fallback) instead of all seven.
 */
export const LOCALE_LOADERS: { readonly [lng in Locale]: () => Promise<LocaleBundle> } = {
  en: () => import('./locales/en'),
  ms: () => import('./locales/ms'),
  zh: () => import('./locales/zh'),
  zhtw: () => import('./locales/zhtw'),
  th: () => import('./locales/th'),
  ar: () => import('./locales/ar'),
  he: () => import('./locales/he'),
};

export type LoadI18nOptions = {
  /** Any spelling the product meets; normalised with `normalizeLocale`. */
  lng?: string;
  /** i18next plugins registered before `init`, e.g. react-i18next's `initReactI18next`. */
  plugins?: readonly Module[];
  /** Where the texts come from; tests pass counting loaders. */
  loaders?: { readonly [lng in Locale]: () => Promise<LocaleBundle> };
};

type MutableMessages = { [key: string]: string | MutableMessages };

const copyMessages = (messages: Messages): MutableMessages =>
  Object.fromEntries(Object.entries(messages).map(([key, value]) => [key, typeof value === 'string' ? value : copyMessages(value)]));

/** Each language imported once, on first need; a failed download (a deploy removed the chunk) may be retried. */
const memoisedLoaders = (loaders: NonNullable<LoadI18nOptions['loaders']>) => {
  const loading = new Map<Locale, Promise<LocaleBundle>>();
  return (language: Locale): Promise<LocaleBundle> => {
    let bundle = loading.get(language);
    if (!bundle) {
      bundle = loaders[language]();
      bundle.catch(() => loading.delete(language));
      loading.set(language, bundle);
    }
    return bundle;
  };
};

/** An i18next backend reading the bundled locale modules. */
const bundledLocalesBackend = (load: (language: Locale) => Promise<LocaleBundle>): BackendModule => ({
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    if (!(ALL_LOCALES as readonly string[]).includes(language)) return callback(null, {});
    load(language as Locale).then(
      (texts) => callback(null, texts[namespace] ? copyMessages(texts[namespace]) : {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
});

/**
 * Like `createI18n`, but the texts are imported on demand: resolves once the chosen language and English are
 * loaded, every namespace of both. `changeLanguage` loads the new language before it switches. For the
 * apps' first page; `createI18n` stays the synchronous choice for tests and tools.
 */
export async function loadI18n(options: LoadI18nOptions = {}): Promise<i18n> {
  const lng = normalizeLocale(options.lng);
  const load = memoisedLoaders(options.loaders ?? LOCALE_LOADERS);
  // Both downloads start now; English, the source of truth, names the namespaces.
  void load(lng).catch(() => undefined);
  const namespaces = Object.keys(await load(FALLBACK_LOCALE)).sort();
  const instance = i18next.createInstance();
  instance.use(bundledLocalesBackend(load));
  for (const plugin of options.plugins ?? []) instance.use(plugin);
  const ready = instance.init(sharedInitOptions(lng, namespaces));
  usePluralRulesOfIntlTags(instance);
  await ready;
  return instance;
}
