import { Alert, AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isApiError, useApprovalCount, useLogout, useStaffMe, useSupportUnreadCount } from '@merchant-hub/api-client';
import type { Locale } from '@merchant-hub/domain';
import { isLocale } from '@merchant-hub/domain';
import { ColorSchemeToggle, ErrorState, LanguagePicker, MAIN_CONTENT_ID, RouteLoader, SkipLink } from '@merchant-hub/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { GlobalSearch } from '../components/global-search';
import { forgetStoredSession, leaveApp, signInUrl, storedSessionEnd } from './leave-app';

/** Spec §6: roles are trusted for at most 2 hours, then read again. */
export const ROLE_RECHECK_MS = 2 * 60 * 60 * 1000;

const NAVBAR_ID = 'staff-navigation';

/** The back office's home: where a merchant who opens the console belongs. */
const MERCHANT_HOME = '/';

const NAV = [
  { to: '/merchants', key: 'staff:nav.merchants' },
  { to: '/support', key: 'support:nav.inbox', badge: 'unread' },
  { to: '/approvals', key: 'staff:nav.approvals', badge: 'approvals' },
  { to: '/catalog', key: 'catalog:nav.catalog' },
  { to: '/promotions', key: 'catalog:nav.promotions' },
  { to: '/audit', key: 'staff:nav.audit' },
  { to: '/team', key: 'team:nav', adminView: true },
  { to: '/settings', key: 'staff:settings.nav', adminView: true },
] as const;

/** The console's address below its basename, for sign-in's way back (`/staff` + the router's path). */
const useConsolePath = (): string => {
  const location = useLocation();
  return `/staff${location.pathname}${location.search}`;
};

/**
 * Gate and frame of every staff screen. Only support and superadmin get past `GET /staff/me`: a merchant (403)
 * goes back to its own home, a visitor without a session (401) to sign-in; the roles are read again every
 * 2 hours. The session ends at its expiry as in the back office, and Log out revokes it.
 */
export const StaffLayout = () => {
  const { t, i18n } = useTranslation(['staff', 'common', 'catalog', 'support', 'team']);
  const queryClient = useQueryClient();
  const consolePath = useConsolePath();
  const [navOpened, nav] = useDisclosure(false);
  // Below 768 px the closed menu is off-screen: inert, so neither Tab nor a screen reader reaches into it.
  const collapsible = useMatches({ base: true, sm: false });
  const me = useStaffMe({ meta: { handlesError: true }, retry: false, staleTime: ROLE_RECHECK_MS, refetchInterval: ROLE_RECHECK_MS });
  const logout = useLogout({ meta: { handlesError: true } });
  const unread = useSupportUnreadCount({ meta: { handlesError: true }, enabled: me.isSuccess });
  const approvals = useApprovalCount({ meta: { handlesError: true }, enabled: me.isSuccess });
  const language: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const refusal = me.isError && isApiError(me.error) ? me.error.status : null;

  useEffect(() => {
    if (refusal === 401) {
      // The API no longer knows this session (revoked, expired, staff member deactivated): forget it first, or the
      // sign-in page would take the stored session as signed in and send the browser straight back here.
      forgetStoredSession();
      queryClient.clear();
      leaveApp(signInUrl(consolePath));
    } else if (refusal === 403) leaveApp(MERCHANT_HOME);
    // Only a refusal moves the browser; the path at that moment is where sign-in brings staff back.
  }, [refusal]);

  // The session ends at its expiry, as in the back office (spec §4 Session).
  useEffect(() => {
    const ends = storedSessionEnd();
    if (ends === null) return undefined;
    const timer = setTimeout(() => {
      forgetStoredSession();
      queryClient.clear();
      leaveApp(signInUrl());
    }, Math.min(2 ** 31 - 1, Math.max(0, ends - Date.now())));
    return () => clearTimeout(timer);
  }, [queryClient]);

  const signOut = () =>
    // The session ends here whatever the API says: an expired token cannot be revoked, but must be forgotten.
    logout.mutate(undefined, {
      onSettled: () => {
        forgetStoredSession();
        queryClient.clear();
        leaveApp(signInUrl());
      },
    });

  if (me.isPending || refusal === 401 || refusal === 403) return <RouteLoader />;
  if (me.isError) return <ErrorState title={t('staff:gate.failed')} onRetry={() => void me.refetch()} retryLabel={t('staff:common.retry')} />;

  // Each badge: how many wait, and what they are, for a screen reader (issue 27 §7 adds the approvals').
  const badges = {
    unread: { count: unread.data?.unread ?? 0, label: (count: number) => t('support:nav.unread', { count }), color: 'red' },
    approvals: { count: approvals.data?.pending ?? 0, label: (count: number) => t('staff:nav.pendingApprovals', { count }), color: 'orange' },
  } as const;
  // Superadmin screens: read-only staff see them too (without their controls).
  const links = NAV.filter((item) => !('adminView' in item) || me.data.role !== 'support').map((item) => (
    <NavLink
      key={item.to}
      component={RouterNavLink}
      to={item.to}
      label={t(item.key)}
      onClick={nav.close}
      rightSection={
        'badge' in item && badges[item.badge].count > 0 ? (
          <Badge size="sm" color={badges[item.badge].color} variant="filled" aria-label={badges[item.badge].label(badges[item.badge].count)}>
            {badges[item.badge].count}
          </Badge>
        ) : null
      }
    />
  ));
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding={0}>
      <SkipLink label={t('common:action.skipToContent')} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={t('staff:nav.menu')} aria-expanded={navOpened} aria-controls={NAVBAR_ID} />
            <Text fw={700} fz="lg" visibleFrom="xs">
              {t('common:appName')}
            </Text>
            <Badge variant="light">{t(`staff:role.${me.data.role}`)}</Badge>
          </Group>
          <GlobalSearch />
          <Group gap="xs" wrap="nowrap">
            <LanguagePicker value={language} onChange={(locale: Locale) => void i18n.changeLanguage(locale)} label={t('common:field.language')} hideLabel />
            <ColorSchemeToggle label={t('common:theme.dark')} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id={NAVBAR_ID} aria-label={t('common:nav.main')} inert={collapsible && !navOpened}>
        <Stack justify="space-between" h="100%">
          <Stack gap={2}>{links}</Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" truncate>
              {me.data.email}
            </Text>
            <Button variant="default" size="xs" onClick={signOut} loading={logout.isPending}>
              {t('staff:nav.logout')}
            </Button>
          </Stack>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {me.data.role === 'readonly' ? (
          <Alert color="blue" variant="light" radius={0} data-testid="read-only-banner">
            {t('staff:readOnly.banner')}
          </Alert>
        ) : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
