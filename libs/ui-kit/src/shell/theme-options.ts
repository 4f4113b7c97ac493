/** Colours a user may give the interface; each is one of Mantine's palettes, `brand` is the product's blue. */
export const THEME_COLORS = ['brand', 'teal', 'violet', 'orange', 'pink', 'green'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

/** Background art of the sidebar: none, or one of the drawn patterns. */
export const SIDEBAR_IMAGES = ['none', 'waves', 'dots', 'grid'] as const;
export type SidebarImage = (typeof SIDEBAR_IMAGES)[number];

export type ThemeOptions = {
  color: ThemeColor;
  sidebar: 'light' | 'dark';
  sidebarImage: SidebarImage;
  miniSidebar: boolean;
  boxLayout: boolean;
  rtl: boolean;
  darkMode: boolean;
};

export const DEFAULT_THEME_OPTIONS: ThemeOptions = {
  color: 'brand',
  sidebar: 'light',
  sidebarImage: 'none',
  miniSidebar: false,
  boxLayout: false,
  rtl: false,
  darkMode: false,
};

/** Spec §2: theme options are remembered per user on this browser. */
export const themeOptionsStorageKey = (userId: number | string): string => `merchant-hub.theme-options.${userId}`;

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Reads what was stored, keeping only values it understands: an old or edited entry never breaks the shell. */
export const parseThemeOptions = (raw: string | null): ThemeOptions => {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const d = DEFAULT_THEME_OPTIONS;
  return {
    color: pick(stored.color, THEME_COLORS, d.color),
    sidebar: pick(stored.sidebar, ['light', 'dark'] as const, d.sidebar),
    sidebarImage: pick(stored.sidebarImage, SIDEBAR_IMAGES, d.sidebarImage),
    miniSidebar: flag(stored.miniSidebar, d.miniSidebar),
    boxLayout: flag(stored.boxLayout, d.boxLayout),
    rtl: flag(stored.rtl, d.rtl),
    darkMode: flag(stored.darkMode, d.darkMode),
  };
};

export const readThemeOptions = (storage: Pick<Storage, 'getItem'>, userId: number | string): ThemeOptions => {
  try {
    return parseThemeOptions(storage.getItem(themeOptionsStorageKey(userId)));
  } catch {
    return DEFAULT_THEME_OPTIONS;
  }
};

export const writeThemeOptions = (storage: Pick<Storage, 'setItem'>, userId: number | string, options: ThemeOptions): void => {
  try {
    storage.setItem(themeOptionsStorageKey(userId), JSON.stringify(options));
  } catch {
    // Private modes refuse storage; the choice then lasts for this visit.
  }
};

const PRIMARY_SUFFIXES = ['filled', 'filled-hover', 'light', 'light-hover', 'light-color', 'outline', 'outline-hover', 'contrast'];

/**
 * CSS variables that repaint everything Mantine draws in the primary colour (buttons, links, focus rings),
 * portals included when set on `<html>`. The brand colour needs none: it is the theme's primary colour.
 */
export const primaryColorVariables = (color: ThemeColor): Record<string, string> => {
  if (color === 'brand') return {};
  const variables: Record<string, string> = {};
  for (let shade = 0; shade <= 9; shade += 1) variables[`--mantine-primary-color-${shade}`] = `var(--mantine-color-${color}-${shade})`;
  for (const suffix of PRIMARY_SUFFIXES) variables[`--mantine-primary-color-${suffix}`] = `var(--mantine-color-${color}-${suffix})`;
  return variables;
};

/** The drawn patterns behind the sidebar's menu. */
export const sidebarImageCss = (image: SidebarImage, dark: boolean): string | undefined => {
  const ink = dark ? 'rgba(255,255,255,0.07)' : 'rgba(22,89,241,0.07)';
  switch (image) {
    case 'none':
      return undefined;
    case 'waves':
      return `repeating-radial-gradient(circle at 0 100%, transparent 0 18px, ${ink} 18px 20px)`;
    case 'dots':
      return `radial-gradient(${ink} 2px, transparent 2px) 0 0 / 16px 16px`;
    case 'grid':
      return `linear-gradient(${ink} 1px, transparent 1px) 0 0 / 24px 24px, linear-gradient(90deg, ${ink} 1px, transparent 1px) 0 0 / 24px 24px`;
  }
};
