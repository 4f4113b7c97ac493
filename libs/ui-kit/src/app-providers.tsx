import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
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

/**
 * Theme, colour scheme, text direction and the notification outlet every app needs. Direction follows the
 * `dir` attribute of `<html>`, which the i18n setup writes when the language changes.
 */
export const AppProviders = ({
  children,
  colorSchemeManager = defaultColorSchemeManager,
  defaultColorScheme = 'light',
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
