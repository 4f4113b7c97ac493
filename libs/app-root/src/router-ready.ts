import type { DataRouter } from 'react-router';

/** Resolves once the router has loaded the lazy route of its location: before that it draws the fallback. */
export const routerReady = (router: DataRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
