import { AppShell, Avatar, Box, Burger, CloseButton, Container, Group, Menu, ScrollArea, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden, useMatches } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../icons';
import { MAIN_CONTENT_ID, SkipLink } from '../skip-link';
import { SidebarMenu } from './sidebar-menu';
import type { MenuEntry } from './sidebar-menu';
import { sidebarImageCss } from './theme-options';
import type { ThemeOptions } from './theme-options';

export type FrameUser = { name: string; email: string; avatarUrl: string | null };

export type AppFrameLabels = {
  back: string;
  openMenu: string;
  /** The close control of the open menu below 1200 px. */
  closeMenu: string;
  userMenu: string;
  billing: string;
  profile: string;
  logout: string;
  home: string;
  /** The user menu's "Contact support" entry (shown when `supportTo` is set). */
  support?: string;
  /** The first Tab stop, "Skip to main content". */
  skipToContent: string;
  /** Name of the sidebar's navigation landmark, e.g. "Main menu". */
  navigation: string;
};

export type AppFrameProps = {
  logo: ReactNode;
  menu: MenuEntry[];
  activePath: string;
  user: FrameUser | null;
  /** Shows placeholders in the header and sidebar while the user is being loaded. */
  loading: boolean;
  options: ThemeOptions;
  navOpened: boolean;
  onToggleNav: () => void;
  /** Closes the menu drawer (below 1200 px): its close button, Esc, or a click beside it. */
  onCloseNav: () => void;
  onNavigate: () => void;
  /** The add-on page shows no sidebar (spec §2). */
  sidebarHidden?: boolean;
  backTo: string;
  billingTo: string;
  profileTo: string;
  /** Where the user menu's "Contact support" leads; no entry without it. */
  supportTo?: string;
  onLogout: () => void;
  /** Language picker, theme options button... shown in the top bar before the user menu. */
  actions?: ReactNode;
  labels: AppFrameLabels;
  children: ReactNode;
};

const SIDEBAR_WIDTH = 260;
const NAVBAR_ID = 'app-navigation';
const MINI_SIDEBAR_WIDTH = 76;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/**
 * The signed-in frame: top bar (menu button, back link, actions, user menu) and the sidebar. Below 1200 px
 * the sidebar becomes a drawer that the caller closes on every navigation (spec §2: ≤ 1199 px). The open
 * drawer leaves a strip of the page beside it, dimmed, and closes with its own close button, Esc, or a click
 * on that strip: it never covers the screen with no way out.
 */
export const AppFrame = ({
  logo,
  menu,
  activePath,
  user,
  loading,
  options,
  navOpened,
  onToggleNav,
  onCloseNav,
  onNavigate,
  sidebarHidden = false,
  backTo,
  billingTo,
  profileTo,
  supportTo,
  onLogout,
  actions,
  labels,
  children,
}: AppFrameProps) => {
  const darkSidebar = options.sidebar === 'dark';
  const width = options.miniSidebar ? MINI_SIDEBAR_WIDTH : SIDEBAR_WIDTH;
  const sidebarStyle = {
    background: [sidebarImageCss(options.sidebarImage, darkSidebar), darkSidebar ? 'var(--mantine-color-dark-8)' : undefined]
      .filter(Boolean)
      .join(', ') || undefined,
    ...(darkSidebar
      ? {
          '--mantine-color-text': 'var(--mantine-color-gray-2)',
          '--mantine-color-dimmed': 'var(--mantine-color-gray-5)',
          '--mantine-color-default-hover': 'rgba(255,255,255,0.08)',
          color: 'var(--mantine-color-gray-2)',
        }
      : {}),
  };

  const drawerOpen = navOpened && !sidebarHidden;
  // Below 1200 px the closed drawer is off-screen: inert, so neither Tab nor a screen reader reaches into it.
  const collapsible = useMatches({ base: true, lg: false });
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseNav();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, onCloseNav]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={sidebarHidden ? undefined : { width, breakpoint: 'lg', collapsed: { mobile: !navOpened } }}
      padding="md"
      layout="alt"
    >
      <SkipLink label={labels.skipToContent} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {sidebarHidden ? null : (
              <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="lg" size="sm" aria-label={labels.openMenu} aria-expanded={navOpened} aria-controls={NAVBAR_ID} />
            )}
            <UnstyledButton component={Link} to={backTo} aria-label={labels.back} data-tour="breadcrumbs">
              <Group gap={4} wrap="nowrap">
                <Icon name="back" style={{ transform: 'scaleX(var(--mh-dir-flip, 1))' }} />
                <Text size="sm" visibleFrom="xs">
                  {labels.back}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {actions}
            {loading || !user ? (
              <Group gap="xs" data-testid="header-placeholder">
                <Skeleton height={32} circle />
                <Skeleton height={10} width={90} visibleFrom="sm" />
              </Group>
            ) : (
              <Menu position="bottom-end" withinPortal shadow="md" width={220}>
                <Menu.Target>
                  {/* Named by what it shows (initials, the name from 576 px), then what it is (WCAG 2.5.3). */}
                  <UnstyledButton>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={user.avatarUrl} alt="" radius="xl" size={32} color="initials" name={user.name}>
                        {initials(user.name)}
                      </Avatar>
                      <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
                        {user.name}
                      </Text>
                      <VisuallyHidden>{labels.userMenu}</VisuallyHidden>
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>
                    <Text size="sm" fw={600} truncate>
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {user.email}
                    </Text>
                  </Menu.Label>
                  <Menu.Item component={Link} to={profileTo} leftSection={<Icon name="user" size={16} />}>
                    {labels.profile}
                  </Menu.Item>
                  <Menu.Item component={Link} to={billingTo} leftSection={<Icon name="billing" size={16} />}>
                    {labels.billing}
                  </Menu.Item>
                  {supportTo ? (
                    <Menu.Item component={Link} to={supportTo} leftSection={<Icon name="message" size={16} />}>
                      {labels.support}
                    </Menu.Item>
                  ) : null}
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={onLogout} leftSection={<Icon name="logout" size={16} />}>
                    {labels.logout}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      {drawerOpen ? (
        // Below 1200 px only: the page beside the open drawer, dimmed; a click on it closes the drawer.
        <Box
          hiddenFrom="lg"
          data-testid="nav-backdrop"
          onClick={onCloseNav}
          style={{ position: 'fixed', inset: 0, zIndex: 100, background: 'rgba(0, 0, 0, 0.45)' }}
        />
      ) : null}
      {sidebarHidden ? null : (
        <AppShell.Navbar
          id={NAVBAR_ID}
          aria-label={labels.navigation}
          inert={collapsible && !navOpened}
          p="sm"
          maw="min(20rem, 85vw)"
          style={sidebarStyle}
          data-sidebar={options.sidebar}
        >
          <AppShell.Section>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {/* The logo's visible name names the link; the mini sidebar's logo shows none, so it is given one. */}
              <Box component={Link} to="/" aria-label={options.miniSidebar ? labels.home : undefined} onClick={onNavigate} style={{ display: 'block', textDecoration: 'none', color: 'inherit' }} py="xs" px={options.miniSidebar ? 0 : 'xs'}>
                {logo}
              </Box>
              <CloseButton hiddenFrom="lg" onClick={onCloseNav} aria-label={labels.closeMenu} size="lg" />
            </Group>
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea} mt="md">
            {loading ? (
              <Stack gap="sm" data-testid="sidebar-placeholder">
                {[0, 1, 2, 3].map((row) => (
                  <Skeleton key={row} height={28} />
                ))}
              </Stack>
            ) : (
              <SidebarMenu entries={menu} activePath={activePath} mini={options.miniSidebar} onNavigate={onNavigate} />
            )}
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {options.boxLayout ? (
          <Container size="lg" px={0} data-layout="box">
            {children}
          </Container>
        ) : (
          children
        )}
      </AppShell.Main>
    </AppShell>
  );
};
