import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { routerReady } from './router-ready';

/**
 * Renders the app into `container`. An empty container (every page but the prerendered ones, or a visitor
 * the head script hid them from) renders at once, as always. A prerendered page is taken over once the router
 * has its route's code, so the first client render is that page and never the route fallback: hydrated when
 * the markup was rendered for this very address (no query string: links on the page carry `?locale=`,
 * `?country=`...), else rendered afresh, which React commits in one go, replacing the markup.
 */
export const renderApp = async (container: HTMLElement, app: ReactNode, router: DataRouter): Promise<void> => {
  if (!container.firstElementChild) {
    createRoot(container).render(app);
    return;
  }
  await routerReady(router);
  if (window.location.search === '') hydrateRoot(container, app);
  else createRoot(container).render(app);
};
