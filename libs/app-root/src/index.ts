export { AppRoot } from './app-root';
export type { AppRootProps } from './app-root';
export { startApp } from './start-app';
export type { StartAppOptions } from './start-app';
export { prerenderRoot } from './prerender';
export { routerReady } from './router-ready';
export type { PrerenderOptions } from './prerender';
export { renderApp } from './take-over';
