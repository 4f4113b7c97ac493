import { Badge, NavLink, Stack, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { Icon } from '../icons';
import type { IconName } from '../icons';

export type MenuEntry = {
  id: string;
  label: string;
  icon: IconName;
  /** A destination; a group has children instead. */
  to?: string;
  badge?: string;
  children?: MenuEntry[];
};

export type SidebarMenuProps = {
  entries: MenuEntry[];
  activePath: string;
  /** Icons only, labels as tooltips (the mini sidebar option). */
  mini?: boolean;
  onNavigate?: () => void;
};

const isActive = (entry: MenuEntry, path: string): boolean =>
  entry.to !== undefined ? (entry.to === '/' ? path === '/' : path === entry.to || path.startsWith(`${entry.to}/`)) : (entry.children ?? []).some((child) => isActive(child, path));

const MenuItem = ({ entry, activePath, mini, onNavigate, depth }: { entry: MenuEntry; activePath: string; mini: boolean; onNavigate?: () => void; depth: number }) => {
  const active = isActive(entry, activePath);
  const badge = entry.badge ? (
    <Badge size="xs" color="red" variant="filled">
      {entry.badge}
    </Badge>
  ) : null;
  const icon = <Icon name={entry.icon} />;
  if (entry.children && entry.children.length > 0) {
    if (mini) {
      // A collapsed group cannot open in 72 px; its children are listed as icons instead.
      return (
        <>
          {entry.children.map((child) => (
            <MenuItem key={child.id} entry={child} activePath={activePath} mini onNavigate={onNavigate} depth={depth} />
          ))}
        </>
      );
    }
    return (
      <NavLink label={entry.label} leftSection={icon} rightSection={badge} defaultOpened={active} childrenOffset={28} active={active} variant="subtle">
        {entry.children.map((child) => (
          <MenuItem key={child.id} entry={child} activePath={activePath} mini={false} onNavigate={onNavigate} depth={depth + 1} />
        ))}
      </NavLink>
    );
  }
  const link = (
    <NavLink
      component={Link}
      to={entry.to ?? '/'}
      label={mini ? undefined : entry.label}
      aria-label={mini ? entry.label : undefined}
      leftSection={depth === 0 || mini ? icon : undefined}
      rightSection={mini ? undefined : badge}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
  return mini ? (
    <Tooltip label={entry.label} position="right" withinPortal>
      {link}
    </Tooltip>
  ) : (
    link
  );
};

/** Nested, collapsible menu of the sidebar; a group opens by itself when one of its pages is showing. */
export const SidebarMenu = ({ entries, activePath, mini = false, onNavigate }: SidebarMenuProps) => (
  // A list inside the frame's navigation landmark, not a second one.
  <Stack gap={2}>
    {entries.map((entry) => (
      <MenuItem key={entry.id} entry={entry} activePath={activePath} mini={mini} onNavigate={onNavigate} depth={0} />
    ))}
  </Stack>
);
