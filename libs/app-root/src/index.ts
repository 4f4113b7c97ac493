export { AppRoot } from './app-root';
export type { AppRootProps } from './app-root';
export { startApp } from './start-app';
export type { StartAppOptions } from './start-app';
