import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import type { MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../shell/theme-options';
import { TEXT_CONTRAST, accessibleCssVariables, contrastRatio } from '../contrast';
import { theme } from '../theme';

const merged: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
type Vars = { variables: Record<string, string>; light: Record<string, string>; dark: Record<string, string> };
const resolved = accessibleCssVariables(merged) as Vars;
const defaults = defaultCssVariablesResolver(merged) as Vars;

/** A variable of one scheme, as the page reads it: the override, else Mantine's default, `var()` followed. */
const value = (scheme: 'light' | 'dark', name: string): string => {
  const raw = resolved[scheme][name] ?? defaults[scheme][name] ?? defaults.variables[name];
  const reference = /^var\((--[\w-]+)\)$/.exec(raw ?? '');
  if (reference) return value(scheme, reference[1]);
  if (raw === undefined) throw new Error(`no ${name} in ${scheme}`);
  return raw;
};

const { white, colors } = merged;
const surfaces = { light: [white, colors.gray[0], colors.gray[1]], dark: [colors.dark[7], colors.dark[6]] };
// Every colour a screen may name (Badge color="green", Text c="red"…) and every primary colour the theme options offer.
const named = [...new Set(['brand', 'gray', 'dark', 'red', 'green', 'teal', 'orange', 'yellow', 'blue', 'violet', 'cyan', 'grape', 'lime', 'pink', 'indigo', ...THEME_COLORS])];

describe.each(['light', 'dark'] as const)('theme colours in the %s scheme (WCAG 2.1 AA, 4.5:1)', (scheme) => {
  it.each(named)('%s: text, outline and light-badge text read on their backgrounds; white reads on filled', (color) => {
    for (const surface of surfaces[scheme]) {
      expect(contrastRatio(value(scheme, `--mantine-color-${color}-text`), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(value(scheme, `--mantine-color-${color}-outline`), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(contrastRatio(value(scheme, `--mantine-color-${color}-light-color`), scheme === 'light' ? colors[color][1] : value(scheme, `--mantine-color-${color}-light`))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(white, value(scheme, `--mantine-color-${color}-filled`))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('dimmed text, links, errors and success messages read on every surface', () => {
    for (const token of ['dimmed', 'anchor', 'error', 'success', 'text']) {
      for (const surface of surfaces[scheme]) expect(contrastRatio(value(scheme, `--mantine-color-${token}`), surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});

describe('contrast overrides', () => {
  it("replace Mantine's dimmed grey and dark-scheme link blue, which read at 3.3:1", () => {
    expect(contrastRatio(colors.gray[6], white)).toBeLessThan(TEXT_CONTRAST);
    expect(value('light', '--mantine-color-dimmed')).not.toBe(colors.gray[6]);
    expect(contrastRatio(colors.brand[4], colors.dark[6])).toBeLessThan(TEXT_CONTRAST);
    expect(value('dark', '--mantine-color-anchor')).not.toBe(colors.brand[4]);
  });

  it('keep a shade that already reads: the brand button stays brand 6 in light', () => {
    expect(resolved.light['--mantine-color-brand-filled']).toBe(colors.brand[6]);
  });
});
