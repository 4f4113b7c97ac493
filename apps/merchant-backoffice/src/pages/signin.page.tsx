import { Center, Loader } from '@mantine/core';
import { useBanner } from '@merchant-hub/api-client';
import { LazyPart } from '@merchant-hub/app-root';
import { isLocale } from '@merchant-hub/domain';
import { LOCALE_STORAGE_KEY, usePageTitle } from '@merchant-hub/ui-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../session/auth-layout';
import { SignInFlow } from '../session/sign-in-parts';
import { useVisitorCountry } from '../session/visitor-country';

const storedLocale = (): string | null => {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** The card's place while its code loads, when the page is drawn afresh before it (see `LazyPart`). */
const SignInFlowLoading = () => {
  const { t } = useTranslation('common');
  return (
    <Center mih={420} role="status" aria-label={t('status.loading')}>
      <Loader />
    </Center>
  );
};

/**
 * Sign-in (spec §2 Session screens, §4 Sign-in): the banner, language and theme around the card, whose form and
 * one-time-code step (`SignInFlow`) come after the page's first load.
 */
export const SignInPage = () => {
  const { t, i18n } = useTranslation(['auth', 'common']);
  usePageTitle(t('auth:signIn.title'));
  const [params] = useSearchParams();
  const localeParam = params.get('locale');
  const { country, ipCountry } = useVisitorCountry();

  // TW by IP selects Traditional Chinese, unless the link or an earlier visit chose a language.
  useEffect(() => {
    if (!localeParam && !storedLocale() && ipCountry === 'TW' && i18n.language !== 'zhtw') void i18n.changeLanguage('zhtw');
  }, [ipCountry, localeParam, i18n]);
  useEffect(() => {
    if (localeParam && isLocale(localeParam) && i18n.language !== localeParam) void i18n.changeLanguage(localeParam);
  }, [localeParam, i18n]);

  const banner = useBanner('login', { locale: i18n.language, country: country ?? undefined });

  // Drawn once: this page draws again (texts, the banner, the IP's answer) before the card's code may be in,
  // which must not redraw the card (see `LazyPart`); the card follows the language and the address itself.
  const card = useMemo(
    () => (
      <LazyPart fallback={<SignInFlowLoading />}>
        <SignInFlow />
      </LazyPart>
    ),
    [],
  );
  return <AuthLayout banner={banner.data}>{card}</AuthLayout>;
};
