export { AppRoot, AppShell } from './app-root';
export type { AppRootProps, AppShellProps } from './app-root';
export { mountApp, startApp } from './start-app';
export type { MountAppOptions, MountRoutedAppOptions, StartAppOptions } from './start-app';
export { prerenderRoot } from './prerender';
export { routerReady } from './router-ready';
export type { PrerenderOptions } from './prerender';
export { renderApp } from './take-over';
