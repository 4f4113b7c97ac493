export { AppRoot, AppShell } from './app-root';
export type { AppRootProps, AppShellProps } from './app-root';
export { mountApp, startApp } from './start-app';
export type { MountAppOptions, MountRoutedAppOptions, StartAppOptions } from './start-app';
