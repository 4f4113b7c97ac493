import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ERROR_NAMESPACES, createAppI18n, loadAppI18n, textsOfFailures } from '../i18n-setup';
import { LOCALE_STORAGE_KEY } from '../locale';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
};

describe('createAppI18n', () => {
  it('starts in the stored language and marks <html> with it', () => {
    const root = document.createElement('html');
    const i18n = createAppI18n({ search: '', storage: memoryStorage({ [LOCALE_STORAGE_KEY]: 'ms' }), root });
    expect(i18n.language).toBe('ms');
    expect(root).toHaveAttribute('lang', 'ms-MY');
    expect(root).toHaveAttribute('dir', 'ltr');
  });

  it('translates common texts at once, without waiting for a load', () => {
    const i18n = createAppI18n({ search: '?locale=en', storage: memoryStorage(), root: document.createElement('html') });
    expect(i18n.t('common:action.cancel')).toBe('Cancel');
  });

  it('turns the page right to left for Arabic and remembers the choice', async () => {
    const root = document.createElement('html');
    const storage = memoryStorage();
    const i18n = createAppI18n({ search: '', storage, root });
    await i18n.changeLanguage('ar');
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toHaveAttribute('lang', 'ar');
    expect(storage.values.get(LOCALE_STORAGE_KEY)).toBe('ar');
  });
});

describe('loadAppI18n', () => {
  it('resolves in the language of the link, translated, with <html> marked and the choice remembered', async () => {
    const root = document.createElement('html');
    const storage = memoryStorage();
    const i18n = await loadAppI18n({ search: '?locale=zh-TW', storage, root });
    expect(i18n.language).toBe('zhtw');
    expect(i18n.t('common:action.cancel')).toBe('取消');
    expect(root).toHaveAttribute('lang', 'zh-TW');
    // A checkout opened as ?locale=zh-TW comes back from the bank to a page whose address may carry no locale
    // (issue 16 #5): the link's language is remembered at once, not only when the buyer picks one.
    expect(storage.values.get(LOCALE_STORAGE_KEY)).toBe('zhtw');
    await i18n.changeLanguage('th');
    expect(i18n.t('common:action.cancel')).toBe('ยกเลิก');
    expect(storage.values.get(LOCALE_STORAGE_KEY)).toBe('th');
  });

  it('loads the later namespaces right after resolving, without being asked', async () => {
    const i18n = await loadAppI18n({ search: '?locale=ms', storage: memoryStorage(), root: document.createElement('html'), namespaces: ['common'], later: ERROR_NAMESPACES });
    await waitFor(() => expect(ERROR_NAMESPACES.every((ns) => i18n.hasLoadedNamespace(ns))).toBe(true));
    expect(i18n.hasLoadedNamespace('billing')).toBe(false);
  });

  it('redraws a text of a namespace that arrives after the first render', async () => {
    const i18n = await loadAppI18n({ search: '?locale=en', storage: memoryStorage(), root: document.createElement('html'), namespaces: ['common'] });
    const Message = () => {
      const { t } = useTranslation('common');
      return <p>{t('errors:general.tryAgain')}</p>;
    };
    render(
      <I18nextProvider i18n={i18n}>
        <Message />
      </I18nextProvider>,
    );
    expect(screen.getByText('general.tryAgain')).toBeInTheDocument();
    await act(() => textsOfFailures(i18n));
    expect(await screen.findByText('Something went wrong please try again')).toBeInTheDocument();
  });
});
