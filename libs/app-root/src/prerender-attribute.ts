/**
 * Set on `<html>` by a prerendered page's head script (tools/vite/prerender.ts) when this visitor's first render
 * will not be that page (another language, signed in): a style rule hides `#root` until the app renders afresh.
 */
export const PRERENDER_OFF_ATTRIBUTE = 'data-prerender-off';

/**
 * Until the app takes a prerendered page over, the head script holds back a form's submit (a full page load of
 * the same page) and keeps the form here; `renderApp` submits it again once the app handles it. `false` then.
 */
export const PRERENDER_PENDING_SUBMIT = '__prerenderPendingSubmit';
