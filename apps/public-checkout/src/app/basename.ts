/**
 * The build's assets live under `/checkout/` (Vite `base`), but the spec's checkout pages sit at the site root
 * (`/subscribe/12`), where the API serves this app's index.html; under the Vite dev server the pages are below
 * `/checkout/` too. The router therefore works below whichever of the two prefixes the page was opened with.
 */
export const resolveBasename = (pathname: string, base: string): string => {
  const prefix = base.replace(/\/+$/, '');
  if (prefix === '') return '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`) ? prefix : '/';
};
