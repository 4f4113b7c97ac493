import { ColorSchemeScript, DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { cachedAccessibleCssVariables } from './contrast';
import { COLOR_SCHEME_STORAGE_KEY, theme, themeWithLabels } from './theme';

export type AppProvidersProps = {
  children: ReactNode;
  /** Defaults to the browser's local storage under {@link COLOR_SCHEME_STORAGE_KEY}. */
  colorSchemeManager?: MantineColorSchemeManager;
  defaultColorScheme?: MantineColorScheme;
  /** Texts the theme gives Mantine's own controls (translated by the caller): the close buttons' name. */
  labels?: { close: string };
};

// The outlet and its transitions are not needed for a first render: loaded beside the page, it shows any
// notification raised meanwhile (they wait in @mantine/notifications' store).
const NotificationsOutlet = lazy(() => import('./notifications-outlet'));

const defaultColorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'light';

/**
 * Mantine's script setting the colour scheme attribute on `<html>` from the same stored choice and default the
 * providers use: in the `<head>` of a prerendered page, so its markup paints in the right scheme before the app runs.
 */
export const ColorSchemeHead = () => <ColorSchemeScript defaultColorScheme={DEFAULT_COLOR_SCHEME} localStorageKey={COLOR_SCHEME_STORAGE_KEY} />;

/**
 * Theme, colour scheme, text direction and the notification outlet every app needs. Direction follows the
 * `dir` attribute of `<html>`, which the i18n setup writes when the language changes. Colours are Mantine's
 * with every text colour moved until it reads at 4.5:1 in both schemes (see contrast.ts).
 */
export const AppProviders = ({
  children,
  colorSchemeManager = defaultColorSchemeManager,
  defaultColorScheme = DEFAULT_COLOR_SCHEME,
  labels,
}: AppProvidersProps) => {
  const close = labels?.close;
  const labelled = useMemo(() => (close === undefined ? theme : themeWithLabels({ close })), [close]);
  return (
    <DirectionProvider>
      <MantineProvider theme={labelled} colorSchemeManager={colorSchemeManager} defaultColorScheme={defaultColorScheme} cssVariablesResolver={cachedAccessibleCssVariables}>
        <Suspense fallback={null}>
          <NotificationsOutlet />
        </Suspense>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
};
