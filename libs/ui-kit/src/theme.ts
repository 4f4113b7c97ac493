import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/** The brand blue, lightest to darkest; shade 6 is the one buttons use in light mode. */
const brand: MantineColorsTuple = [
  '#e8f1ff',
  '#d0dfff',
  '#a0bcfa',
  '#6d97f6',
  '#4277f2',
  '#2763f0',
  '#1659f1',
  '#054ad7',
  '#0041c1',
  '#0037ab',
];

const systemFonts =
  'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans SC", "Noto Sans TC", "Noto Sans Thai", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 6, dark: 5 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/** Where the light/dark choice is remembered between visits, shared by the three apps on one origin. */
export const COLOR_SCHEME_STORAGE_KEY = 'merchant-hub.color-scheme';
