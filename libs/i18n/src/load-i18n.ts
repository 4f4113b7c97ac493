import i18next, { type BackendModule, type i18n, type Module, type ReadCallback } from 'i18next';
import { ALL_LOCALES, isRtl, normalizeLocale, type Locale } from './locale';
import type { Messages } from './messages';
import { sharedInitOptions, usePluralRulesOfIntlTags } from './plural-rules';

/** A language's namespaces, as its `locales/<code>.ts` exports them. */
export type LocaleBundle = { readonly [ns: string]: Messages };


/**
 * Every namespace English has, in `NAMESPACES` order; listed here so that loading texts imports no other
 * texts (a test keeps the two lists equal).
 */
export const NAMESPACE_NAMES = ['account', 'auth', 'billing', 'catalog', 'checkout', 'common', 'errors', 'home', 'mail', 'profile', 'shell', 'staff', 'support', 'team', 'validation'] as const;

/** The right-to-left test languages carry `common` only; their other namespaces are English. */
const hasNamespace = (lng: Locale, ns: string) => (NAMESPACE_NAMES as readonly string[]).includes(ns) && (!isRtl(lng) || ns === 'common');

/** One chunk per language and namespace (`locales/<lng>/<ns>.ts`): a page downloads the namespaces it shows. */
const importNamespace = (lng: Locale, ns: string): Promise<Messages> =>
  import(`./locales/${lng}/${ns}.ts`).then((module: { readonly [name: string]: Messages }) => module[ns] ?? {});

export type LoadI18nOptions = {
  /** Any spelling the product meets; normalised with `normalizeLocale`. */
  lng?: string;
  /** i18next plugins registered before `init`, e.g. react-i18next's `initReactI18next`. */
  plugins?: readonly Module[];
  /** Where the texts come from, a language at a time; tests pass counting loaders. Default: a namespace at a time. */
  loaders?: { readonly [lng in Locale]: () => Promise<LocaleBundle> };
  /**
   * The namespaces to load before resolving (default: all). The others load when asked for: by
   * `useTranslation(ns)` (react-i18next suspends until they are in) or `i18n.loadNamespaces(ns)`.
   */
  namespaces?: readonly string[];
};

type MutableMessages = { [key: string]: string | MutableMessages };

const copyMessages = (messages: Messages): MutableMessages =>
  Object.fromEntries(Object.entries(messages).map(([key, value]) => [key, typeof value === 'string' ? value : copyMessages(value)]));

/** Reads one namespace of one language; a failed download (a deploy removed the chunk) may be retried. */
type ReadNamespace = (language: Locale, namespace: string) => Promise<Messages | undefined>;

/** Each language's bundle imported once, on first need (the `loaders` option). */
const fromLanguageBundles = (loaders: NonNullable<LoadI18nOptions['loaders']>): ReadNamespace => {
  const loading = new Map<Locale, Promise<LocaleBundle>>();
  return (language, namespace) => {
    let bundle = loading.get(language);
    if (!bundle) {
      bundle = loaders[language]();
      bundle.catch(() => loading.delete(language));
      loading.set(language, bundle);
    }
    return bundle.then((texts) => texts[namespace]);
  };
};

/** The default: each namespace of each language is its own chunk. */
const fromNamespaceChunks: ReadNamespace = (language, namespace) =>
  hasNamespace(language, namespace) ? importNamespace(language, namespace) : Promise.resolve(undefined);

/** An i18next backend reading the bundled locale modules. */
const bundledLocalesBackend = (read: ReadNamespace): BackendModule => ({
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    if (!(ALL_LOCALES as readonly string[]).includes(language)) return callback(null, {});
    read(language as Locale, namespace).then(
      (texts) => callback(null, texts ? copyMessages(texts) : {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
});

/**
 * Like `createI18n`, but the texts are imported on demand: resolves once the chosen language and English are
 * loaded, every namespace of both unless `namespaces` names fewer. `changeLanguage` loads the new language
 * before it switches. For the apps' first page; `createI18n` stays the synchronous choice for tests and tools.
 */
export async function loadI18n(options: LoadI18nOptions = {}): Promise<i18n> {
  const lng = normalizeLocale(options.lng);
  const read = options.loaders ? fromLanguageBundles(options.loaders) : fromNamespaceChunks;
  const namespaces = [...(options.namespaces ?? NAMESPACE_NAMES)].sort();
  const instance = i18next.createInstance();
  instance.use(bundledLocalesBackend(read));
  for (const plugin of options.plugins ?? []) instance.use(plugin);
  const ready = instance.init(sharedInitOptions(lng, namespaces));
  usePluralRulesOfIntlTags(instance);
  await ready;
  return instance;
}

/** Loads every namespace not loaded yet (in the current language and English); for screens not declaring theirs. */
export const loadAllNamespaces = (instance: i18n): Promise<void> => instance.loadNamespaces([...NAMESPACE_NAMES]);
