import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { PRERENDER_OFF_ATTRIBUTE } from './prerender-attribute';
import { routerReady } from './router-ready';

/**
 * Renders the app into `container`. An empty container (every page but the prerendered ones) renders at once,
 * as always, and so does one whose markup the head script hid (another language, signed in): it is emptied
 * first, and that visitor sees what a page without prerendering shows. A prerendered page is taken over once the router
 * has its route's code, so the first client render is that page and never the route fallback: hydrated when
 * the markup was rendered for this very address (no query string: links on the page carry `?locale=`,
 * `?country=`...), else rendered afresh, which React commits in one go, replacing the markup.
 */
export const renderApp = async (container: HTMLElement, app: ReactNode, router: DataRouter): Promise<void> => {
  const html = document.documentElement;
  if (html.hasAttribute(PRERENDER_OFF_ATTRIBUTE)) {
    container.replaceChildren();
    html.removeAttribute(PRERENDER_OFF_ATTRIBUTE);
  }
  if (!container.firstElementChild) {
    createRoot(container).render(app);
    return;
  }
  await routerReady(router);
  if (window.location.search === '') hydrateRoot(container, app);
  else createRoot(container).render(app);
};
