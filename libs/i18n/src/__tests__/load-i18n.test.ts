import { createI18n } from '../create-i18n';
import { NAMESPACE_NAMES, loadAllNamespaces, loadI18n, type LocaleBundle } from '../load-i18n';
import { ALL_LOCALES, type Locale } from '../locale';
import { NAMESPACES, resources } from '../resources';

/** A whole language at a time (the `loaders` option), from the bundled locale modules. */
const LOCALE_LOADERS: { readonly [lng in Locale]: () => Promise<LocaleBundle> } = {
  en: () => import('../locales/en'),
  ms: () => import('../locales/ms'),
  zh: () => import('../locales/zh'),
  zhtw: () => import('../locales/zhtw'),
  th: () => import('../locales/th'),
  ar: () => import('../locales/ar'),
  he: () => import('../locales/he'),
};

/** The real loaders, counting what each page would download. */
const countingLoaders = () => {
  const loaded: Locale[] = [];
  const loaders = Object.fromEntries(
    ALL_LOCALES.map((lng) => [lng, () => (loaded.push(lng), LOCALE_LOADERS[lng]())]),
  ) as unknown as { [lng in Locale]: () => Promise<LocaleBundle> };
  return { loaded, loaders };
};

describe('loadI18n', () => {
  it.each(['ms', 'zh', 'zhtw', 'th'])('loads %s and English only, and translates like createI18n', async (lng) => {
    const { loaded, loaders } = countingLoaders();
    const i18n = await loadI18n({ lng, loaders });
    expect(loaded.sort()).toEqual(['en', lng].sort());
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe(lng);
    const eager = createI18n({ lng });
    for (const key of ['action.save', 'errors:billing.upgradeFailed', 'validation:billing.nameRequired', 'auth:signIn.title']) {
      expect(i18n.t(key)).toBe(eager.t(key));
    }
    expect(i18n.t('count.store', { count: 1 })).toBe(eager.t('count.store', { count: 1 }));
  });

  it('loads English once for an English page, with every namespace', async () => {
    const { loaded, loaders } = countingLoaders();
    const i18n = await loadI18n({ lng: 'en-US', loaders });
    expect(loaded).toEqual(['en']);
    expect(i18n.options.ns).toEqual(NAMESPACES);
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('en', ns)).toBe(true);
  });

  it('loads a language when the page switches to it, and falls back to English where it has no text', async () => {
    const { loaded, loaders } = countingLoaders();
    const i18n = await loadI18n({ lng: 'en', loaders });
    await i18n.changeLanguage('ar');
    expect(loaded).toEqual(['en', 'ar']);
    expect(i18n.t('action.save')).toBe('حفظ');
    expect(i18n.t('errors:general.tryAgain')).toBe('Something went wrong please try again');
    expect(i18n.t('count.store', { count: 2 })).toBe('متجران');
    await i18n.changeLanguage('zhtw');
    // Traditional Chinese plural rules come from the zh-TW tag, as with createI18n.
    expect(i18n.t('count.store', { count: 1 })).toBe('1 間商店');
  });

  it('hands i18next copies, so the bundled texts stay as they are', async () => {
    const i18n = await loadI18n({ lng: 'en' });
    i18n.addResource('en', 'common', 'action.save', 'Changed');
    expect(i18n.t('action.save')).toBe('Changed');
    expect((resources.en.common as { action: { save: string } }).action.save).toBe('Save');
  });
});

describe('loadI18n a namespace at a time (the default, what the apps do)', () => {
  it('lists the namespaces English has', () => {
    expect([...NAMESPACE_NAMES]).toEqual(NAMESPACES);
  });

  it('loads only the namespaces asked for, and the others when asked', async () => {
    const i18n = await loadI18n({ lng: 'ms', namespaces: ['auth', 'common'] });
    expect(i18n.options.ns).toEqual(['auth', 'common']);
    for (const lng of ['ms', 'en']) {
      expect(i18n.hasResourceBundle(lng, 'auth')).toBe(true);
      expect(i18n.hasResourceBundle(lng, 'billing')).toBe(false);
    }
    const eager = createI18n({ lng: 'ms' });
    expect(i18n.t('auth:signIn.title')).toBe(eager.t('auth:signIn.title'));
    await loadAllNamespaces(i18n);
    expect(i18n.t('errors:billing.upgradeFailed')).toBe(eager.t('errors:billing.upgradeFailed'));
    expect(i18n.t('validation:billing.nameRequired')).toBe(eager.t('validation:billing.nameRequired'));
  });

  it('reads the common texts of a right-to-left language and falls back to English for the rest', async () => {
    const i18n = await loadI18n({ lng: 'ar' });
    expect(i18n.t('action.save')).toBe('حفظ');
    expect(i18n.t('errors:general.tryAgain')).toBe('Something went wrong please try again');
  });
});
