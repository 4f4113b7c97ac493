import { ColorSchemeScript, DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { Suspense, lazy, type ReactNode } from 'react';
import { COLOR_SCHEME_STORAGE_KEY, theme } from './theme';

export type AppProvidersProps = {
  children: ReactNode;
  /** Defaults to the browser's local storage under {@link COLOR_SCHEME_STORAGE_KEY}. */
  colorSchemeManager?: MantineColorSchemeManager;
  defaultColorScheme?: MantineColorScheme;
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
 * `dir` attribute of `<html>`, which the i18n setup writes when the language changes.
 */
export const AppProviders = ({
  children,
  colorSchemeManager = defaultColorSchemeManager,
  defaultColorScheme = DEFAULT_COLOR_SCHEME,
}: AppProvidersProps) => (
  <DirectionProvider>
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={defaultColorScheme}>
      <Suspense fallback={null}>
        <NotificationsOutlet />
      </Suspense>
      {children}
    </MantineProvider>
  </DirectionProvider>
);
