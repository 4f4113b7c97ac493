import { darken, getPrimaryShade, isVirtualColor, lighten, luminance } from '@mantine/core';
import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';

/** WCAG 2.1 AA (1.4.3): normal text needs 4.5:1 against what is behind it. */
export const TEXT_CONTRAST = 4.5;

/** The WCAG contrast ratio of two colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

const readsOnAll = (color: string, backgrounds: readonly string[]): boolean => backgrounds.every((bg) => contrastRatio(color, bg) >= TEXT_CONTRAST);

/**
 * The first of `candidates` that reads at 4.5:1 on every background; past the last one it keeps stepping
 * (darker or lighter, 5 % at a time) from there. Palette shades come first so the result stays on the design's scale.
 */
const firstReadable = (candidates: readonly string[], backgrounds: readonly string[], step: 'darker' | 'lighter'): string => {
  const found = candidates.find((color) => readsOnAll(color, backgrounds));
  if (found) return found;
  const last = candidates[candidates.length - 1];
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const stepped = step === 'darker' ? darken(last, amount) : lighten(last, amount);
    if (readsOnAll(stepped, backgrounds)) return stepped;
  }
  return step === 'darker' ? '#000' : '#fff';
};

/** Shades `from` to 9 (darker) or `from` down to 0 (lighter). */
const shadesFrom = (palette: readonly string[], from: number, step: 'darker' | 'lighter'): string[] =>
  step === 'darker' ? palette.slice(from) : palette.slice(0, from + 1).reverse();

/**
 * Overrides of Mantine's own colour variables (merged over its defaults by the provider), with every text colour and every background that carries white text moved
 * along its palette (or beyond it) until it reads at 4.5:1 (WCAG 2.1 AA) in both schemes: dimmed text, links,
 * errors, `c="red"`-style text, outline and subtle buttons, light badges, and filled buttons and badges. Where
 * Mantine's shade already reads, it is kept. Works for any palette, the user's chosen primary colour included.
 */
export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const { white, colors } = theme;
  const { gray, dark } = colors;
  // The surfaces text sits on: page, paper and table stripes in light; page, paper and inputs in dark.
  const lightSurfaces = [white, gray[0], gray[1]];
  const darkSurfaces = [dark[7], dark[6]];
  const light: Record<string, string> = {};
  const darkVars: Record<string, string> = {};
  const lightShade = getPrimaryShade(theme, 'light');
  const darkShade = getPrimaryShade(theme, 'dark');
  const textOf = (name: string, scheme: 'light' | 'dark'): string => (scheme === 'light' ? light : darkVars)[`--mantine-color-${name}-text`];

  for (const [name, palette] of Object.entries(colors)) {
    if (isVirtualColor(palette)) continue;
    const lightText = firstReadable(shadesFrom(palette, lightShade, 'darker'), lightSurfaces, 'darker');
    const lightFilled = firstReadable(shadesFrom(palette, lightShade, 'darker'), [white], 'darker');
    const lightBadge = firstReadable([palette[9]], [palette[1], white], 'darker');
    Object.assign(light, {
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
      [`--mantine-color-${name}-filled`]: lightFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(lightFilled, 0.1),
      [`--mantine-color-${name}-light-color`]: lightBadge,
    });
    const darkText = firstReadable(shadesFrom(palette, 4, 'lighter'), darkSurfaces, 'lighter');
    const darkFilled = firstReadable(shadesFrom(palette, darkShade, 'darker'), [white], 'darker');
    Object.assign(darkVars, {
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-outline`]: darkText,
      [`--mantine-color-${name}-filled`]: darkFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(darkFilled, 0.1),
      [`--mantine-color-${name}-light-color`]: firstReadable([palette[0]], [darken(palette[9], 0.5)], 'lighter'),
    });
  }

  const primary = theme.primaryColor;
  Object.assign(light, {
    '--mantine-color-dimmed': firstReadable([gray[6]], lightSurfaces, 'darker'),
    '--mantine-color-placeholder': firstReadable([gray[5]], [white], 'darker'),
    '--mantine-color-anchor': textOf(primary, 'light'),
    '--mantine-color-error': textOf('red', 'light'),
    '--mantine-color-success': textOf('teal', 'light'),
  });
  Object.assign(darkVars, {
    '--mantine-color-dimmed': firstReadable([dark[2]], darkSurfaces, 'lighter'),
    '--mantine-color-placeholder': firstReadable([dark[3]], [dark[6]], 'lighter'),
    '--mantine-color-anchor': textOf(primary, 'dark'),
    '--mantine-color-error': textOf('red', 'dark'),
    '--mantine-color-success': textOf('teal', 'dark'),
  });
  return { variables: {}, light, dark: darkVars };
};

/** The resolver is pure: one result per theme object (themes change only with the language, see AppProviders). */
const cache = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();
export const cachedAccessibleCssVariables: CSSVariablesResolver = (theme) => {
  const known = cache.get(theme);
  if (known) return known;
  const resolved = accessibleCssVariables(theme);
  cache.set(theme, resolved);
  return resolved;
};
