import { ActionIcon, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCurrentUser, useLogout } from '@merchant-hub/api-client';
import { AppFrame, Icon, LanguagePicker, ThemeOptionsPanel } from '@merchant-hub/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../app/gating';
import { useEndSession, useSessionStore } from '../app/session-context';
import { msUntilExpiry } from '../app/session-store';
import { useLanguage } from '../session/use-language';
import { buildMenu } from './menu';
import { mountSupportChat, supportChatScriptUrl } from './support-chat';
import { useThemeOptions } from './use-theme-options';

/** Spec §2: the sidebar collapses on navigation at 1199 px and below. */
const COLLAPSE_QUERY = '(max-width: 1199px)';

const Logo = ({ mini, name }: { mini: boolean; name: string }) => (
  <Group gap="xs" wrap="nowrap" justify={mini ? 'center' : 'flex-start'}>
    <ThemeIcon size={36} radius="md" aria-hidden>
      <Text fw={800} size="lg" c="white">
        M
      </Text>
    </ThemeIcon>
    {mini ? null : (
      <Text fw={700} size="lg">
        {name}
      </Text>
    )}
  </Group>
);

/** The signed-in frame around every main-app page: top bar, sidebar, theme options, session expiry. */
export const MainLayout = () => {
  const { t } = useTranslation(['shell', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const store = useSessionStore();
  const endSession = useEndSession();
  const user = useCurrentUser({ meta: { handlesError: true } });
  const { language, changeLanguage } = useLanguage();
  const [options, setOptions] = useThemeOptions(user.data?.id ?? null);
  const [navOpened, setNavOpened] = useState(false);
  const closeNav = useCallback(() => setNavOpened(false), []);
  const [panelOpened, setPanelOpened] = useState(false);
  const narrow = useMediaQuery(COLLAPSE_QUERY);
  const logout = useLogout({ meta: { handlesError: true } });

  const signOut = () => {
    // The session ends here whatever the API says: an expired token cannot be revoked, but must be forgotten.
    logout.mutate(undefined, {
      onSettled: () => {
        endSession();
        void navigate(PATHS.signIn, { replace: true });
      },
    });
  };

  // A timer logs out when the session expires (spec §4 Session).
  useEffect(() => {
    const session = store.active();
    if (!session) return undefined;
    const timer = setTimeout(() => {
      endSession();
      void navigate(PATHS.signIn, { replace: true });
    }, msUntilExpiry(session));
    return () => clearTimeout(timer);
  }, [store, endSession, navigate]);

  useEffect(() => {
    if (narrow) setNavOpened(false);
  }, [location.pathname, narrow]);

  const email = user.data?.email;
  const name = user.data?.name;
  useEffect(() => {
    if (!email || !name) return undefined;
    return mountSupportChat(supportChatScriptUrl(), { email, name });
  }, [email, name]);

  const actions = (
    <>
      <div data-tour="languages">
        <LanguagePicker value={language} onChange={changeLanguage} label={t('shell:topBar.language')} hideLabel />
      </div>
      <Tooltip label={t('shell:topBar.themeOptions')}>
        <ActionIcon variant="default" size="lg" aria-label={t('shell:topBar.themeOptions')} onClick={() => setPanelOpened(true)} data-tour="theme-options">
          <Icon name="settings" />
        </ActionIcon>
      </Tooltip>
    </>
  );

  return (
    <>
      <AppFrame
        logo={<Logo mini={options.miniSidebar} name={t('common:appName')} />}
        menu={buildMenu(t)}
        activePath={location.pathname}
        user={user.data ? { name: user.data.name, email: user.data.email, avatarUrl: user.data.image_url } : null}
        loading={user.isPending}
        options={options}
        navOpened={navOpened}
        onToggleNav={() => setNavOpened((opened) => !opened)}
        onCloseNav={closeNav}
        onNavigate={() => {
          if (narrow) setNavOpened(false);
        }}
        sidebarHidden={location.pathname === PATHS.usageAddOn}
        backTo={location.pathname === PATHS.usageAddOn ? PATHS.billing : PATHS.home}
        billingTo={PATHS.billing}
        profileTo={PATHS.personal}
        supportTo={PATHS.contactSupport}
        onLogout={signOut}
        actions={actions}
        labels={{
          back: t('shell:topBar.back'),
          openMenu: t('shell:topBar.openMenu'),
          closeMenu: t('shell:topBar.closeMenu'),
          userMenu: t('shell:topBar.userMenu'),
          billing: t('shell:topBar.billing'),
          profile: t('shell:topBar.profile'),
          logout: t('shell:topBar.logout'),
          home: t('shell:topBar.home'),
          support: t('support:contact.menu'),
          skipToContent: t('common:action.skipToContent'),
          navigation: t('common:nav.main'),
        }}
      >
        <Outlet />
      </AppFrame>
      <ThemeOptionsPanel
        opened={panelOpened}
        onClose={() => setPanelOpened(false)}
        value={options}
        onChange={setOptions}
        labels={{
          title: t('shell:theme.title'),
          color: t('shell:theme.color'),
          colorName: (color) => t(`shell:theme.colors.${color}`),
          sidebar: t('shell:theme.sidebar'),
          sidebarLight: t('shell:theme.sidebarLight'),
          sidebarDark: t('shell:theme.sidebarDark'),
          sidebarImage: t('shell:theme.sidebarImage'),
          sidebarImageName: (image) => t(`shell:theme.images.${image}`),
          miniSidebar: t('shell:theme.miniSidebar'),
          boxLayout: t('shell:theme.boxLayout'),
          rtl: t('shell:theme.rtl'),
          darkMode: t('shell:theme.darkMode'),
          close: t('shell:theme.close'),
        }}
      />
    </>
  );
};
