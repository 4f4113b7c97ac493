/**
 * Set on `<html>` by a prerendered page's head script (tools/vite/prerender.ts) when this visitor's first render
 * will not be that page (another language, signed in): a style rule hides `#root` until the app renders afresh.
 */
export const PRERENDER_OFF_ATTRIBUTE = 'data-prerender-off';
