import { createTheme, Loader } from '@mantine/core';
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

/** One turn of the spinner (spec §9 timers). */
export const SPINNER_ROTATION = '2.5s';

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 6, dark: 5 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Spec §9: the spinner turns once every 2.5 s (Mantine's oval turns every 1.2 s).
    Loader: Loader.extend({ styles: { root: { animationDuration: SPINNER_ROTATION } } }),
  },
});

/** Where the light/dark choice is remembered between visits, shared by the three apps on one origin. */
export const COLOR_SCHEME_STORAGE_KEY = 'merchant-hub.color-scheme';
