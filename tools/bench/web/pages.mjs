// What the web benchmarks load (run.mjs for figures, trace.mjs for causes): the same pages, waited for the same way.
import path from 'node:path';

/** The built file behind an asset URL of the product whose `dist/apps` is under `productRoot`. */
export const distFile = (url, productRoot) => {
  const { pathname } = new URL(url);
  const app = pathname.startsWith('/checkout/') ? 'public-checkout' : pathname.startsWith('/staff/') ? 'staff-console' : 'merchant-backoffice';
  return path.join(productRoot, 'dist/apps', app, pathname.replace(/^\/(checkout|staff)\//, '/'));
};

/**
 * Sign-in and the two checkouts (a Malaysian plan by card, a Taiwanese one through ECPay), in English, on the API
 * at `apiUrl`. `ready`: a selector the page shows once it is drawn.
 */
export const benchPages = async (apiUrl) => {
  const packageOf = async (market) => (await (await fetch(`${apiUrl}/api/active-packages?country=${market}`)).json()).data[0].id;
  return [
    { key: 'signin', title: 'sign-in (/signin)', url: `${apiUrl}/signin?locale=en`, ready: 'h1' },
    { key: 'card', title: 'card checkout', url: `${apiUrl}/subscribe-payment/${await packageOf('MY')}?locale=en`, ready: '[data-testid="summary-total"]' },
    { key: 'gateway', title: 'gateway checkout', url: `${apiUrl}/subscribe/${await packageOf('TW')}?locale=en`, ready: 'h1' },
  ];
};

/**
 * Waits until `page` shows `selector`, checked once a frame by a plain function in the page. Playwright's
 * locators would inject its selector engine and compute every element's role on the page's main thread: 50–270 ms
 * of long tasks at 4x that the bench counted as the page's own blocking time.
 */
export const shown = (page, selector) =>
  page.evaluate(
    (wanted) =>
      new Promise((resolve) => {
        const check = () => (document.querySelector(wanted) ? resolve() : requestAnimationFrame(check));
        check();
      }),
    selector,
  );
