import i18next, { type i18n, type Module, type Resource } from 'i18next';
import { ALL_LOCALES, normalizeLocale, type Locale } from './locale';
import type { Messages } from './messages';
import { sharedInitOptions, usePluralRulesOfIntlTags } from './plural-rules';
import { NAMESPACES, resources } from './resources';

/** Texts to lay over the bundled ones, language first (i18next's `resources` shape). */
export type ResourceOverrides = { readonly [lng in Locale]?: { readonly [ns: string]: Messages } };

/**
 * Namespaces an app brings itself until they move into this library, namespace first. `en` is required: it is
 * what every other language falls back to.
 */
export type ExtraNamespaces = {
  readonly [ns: string]: { readonly en: Messages } & { readonly [lng in Locale]?: Messages };
};

export type CreateI18nOptions = {
  /** Any spelling the product meets (`zh-TW`, `th_TH`, `en-US`...); normalised with `normalizeLocale`. */
  lng?: string;
  resources?: ResourceOverrides;
  extraNamespaces?: ExtraNamespaces;
  /** i18next plugins registered before `init`, e.g. react-i18next's `initReactI18next` (this lib stays React-free). */
  plugins?: readonly Module[];
};

function knownLocale(lng: string): Locale {
  if (!(ALL_LOCALES as readonly string[]).includes(lng)) {
    // Normalising would quietly pour these texts into English; a typo here should be loud instead.
    throw new Error(`Unknown language "${lng}": use one of ${ALL_LOCALES.join(', ')}`);
  }
  return lng as Locale;
}

type MutableMessages = { [key: string]: string | MutableMessages };

function copyMessages(messages: Messages): MutableMessages {
  const copy: MutableMessages = {};
  for (const [key, value] of Object.entries(messages)) {
    copy[key] = typeof value === 'string' ? value : copyMessages(value);
  }
  return copy;
}

function mergeInto(target: MutableMessages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value !== 'string' && current !== undefined && typeof current !== 'string') {
      mergeInto(current, value);
    } else {
      target[key] = typeof value === 'string' ? value : copyMessages(value);
    }
  }
}

function buildResources(options: CreateI18nOptions): { store: Resource; namespaces: string[] } {
  const store: Record<string, Record<string, MutableMessages>> = {};
  const namespaces = new Set<string>(NAMESPACES);
  for (const lng of ALL_LOCALES) {
    store[lng] = {};
    for (const [ns, messages] of Object.entries<Messages>(resources[lng])) {
      store[lng][ns] = copyMessages(messages);
    }
  }
  for (const [ns, byLocale] of Object.entries(options.extraNamespaces ?? {})) {
    if (namespaces.has(ns)) {
      throw new Error(`Namespace "${ns}" is bundled with @merchant-hub/i18n; override its texts with \`resources\``);
    }
    namespaces.add(ns);
    for (const [lng, messages] of Object.entries(byLocale)) {
      if (messages) store[knownLocale(lng)][ns] = copyMessages(messages);
    }
  }
  for (const [lng, byNamespace] of Object.entries(options.resources ?? {})) {
    for (const [ns, messages] of Object.entries(byNamespace ?? {})) {
      const target = (store[knownLocale(lng)][ns] ??= {});
      mergeInto(target, messages);
      namespaces.add(ns);
    }
  }
  return { store, namespaces: [...namespaces] };
}

/**
 * A fresh i18next instance, initialised synchronously with every bundled language (no network, no async
 * loading), so `t` works on the next line. React apps pass `plugins: [initReactI18next]` or wrap the tree in
 * `<I18nextProvider i18n={...}>`.
 */
export function createI18n(options: CreateI18nOptions = {}): i18n {
  const { store, namespaces } = buildResources(options);
  const instance = i18next.createInstance();
  for (const plugin of options.plugins ?? []) instance.use(plugin);
  void instance.init({ ...sharedInitOptions(normalizeLocale(options.lng), namespaces), resources: store, initAsync: false });
  usePluralRulesOfIntlTags(instance);
  return instance;
}
