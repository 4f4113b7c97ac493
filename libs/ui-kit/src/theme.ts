import { createTheme, mergeThemeOverrides } from '@mantine/core';
import type {
  AnchorProps,
  CloseButtonProps,
  DrawerProps,
  MantineColorsTuple,
  ModalProps,
  PasswordInputProps,
  SelectProps,
  TableScrollContainerProps,
} from '@mantine/core';

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
  // Plain objects, not `Modal.extend(…)`: naming a component here puts its code (Modal, Drawer, their scroll
  // lock and focus trap, ScrollArea: about 30 kB gzip) in every app's first load, which only draws a few of them.
  components: {
    // Spec §9: the spinner turns once every 2.5 s (Mantine's oval turns every 1.2 s).
    Loader: { styles: { root: { animationDuration: SPINNER_ROTATION } } },
    // WCAG 1.4.1: a link inside text must not be told apart by its colour alone. Links that stand alone (a
    // logo, a menu entry) say `underline="never"` or `"hover"` themselves.
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    // A dialog's `<header>` is no page banner: without this, an open modal gives the page a second one.
    Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { attributes: { header: { role: 'presentation' } } } satisfies Partial<DrawerProps> },
    // The show/hide button is a control like any other: in the Tab order (Mantine leaves it out by default).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } satisfies Partial<PasswordInputProps> },
    // A searchable Select opens its list on ArrowDown, a click or typing, not when Tab brings focus to it. Opened
    // on focus, Mantine (9.7) looks for the highlighted option a timer later: an arrow pressed before that timer
    // ran (a busy page gives input first) highlighted an option the timer then forgot, and Enter picked nothing.
    Select: { defaultProps: { openOnFocus: false } satisfies Partial<SelectProps> },
    // A table wider than the screen scrolls sideways: its scrolling box takes focus so the keyboard can scroll it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } satisfies Partial<TableScrollContainerProps> },
  },
});

/**
 * The theme with a name for every close button Mantine draws (modals, drawers, notifications, inputs' clear
 * buttons): an icon-only button needs one (WCAG 4.1.2). A close button given its own `aria-label` keeps it.
 */
export const themeWithLabels = ({ close }: { close: string }) => {
  // Mantine's types leave ARIA attributes out of default props; CloseButton passes every other prop to its button.
  const named: Partial<CloseButtonProps> = { 'aria-label': close } as Partial<CloseButtonProps>;
  return mergeThemeOverrides(theme, createTheme({ components: { CloseButton: { defaultProps: named } } }));
};

/** Where the light/dark choice is remembered between visits, shared by the three apps on one origin. */
export const COLOR_SCHEME_STORAGE_KEY = 'merchant-hub.color-scheme';
