// Starts the built product (dist/apps/api/main.js serving dist/apps/*) on a free port with a throw-away
// SQLite file and writes screenshots of sign-in, the code screen, home and profile at 375 px and 1440 px,
// light and dark, in English and Traditional Chinese, into docs/screenshots/.
// Usage: npx nx run api:build && npx nx run merchant-backoffice:build && node tools/screenshots/run.mjs
import { launchChromium, shot, startProduct, WIDTHS } from './product.mjs';

const SCHEMES = ['light', 'dark'];
const LOCALES = ['en', 'zhtw'];
const PASSWORD = 'Merchant2026';

const { base, stop } = await startProduct();

const latestCode = async (email) => {
  const body = await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  return body.data[0]?.code ?? '';
};

/** Opens a browser context already set to the language and colour scheme, and (optionally) signed in. */
const contextFor = async (browser, { width, scheme, locale }) => {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 }, colorScheme: scheme, deviceScaleFactor: 1 });
  await context.addInitScript(
    ([lng, cs]) => {
      localStorage.setItem('merchant-hub.locale', lng);
      localStorage.setItem('merchant-hub.color-scheme', cs);
      // Screens are taken without the guided tour over them.
      for (let id = 1; id < 50; id += 1) localStorage.setItem(`merchant-hub.tour-done.${id}`, '1');
    },
    [locale, scheme],
  );
  return context;
};

const fillSignIn = async (page, email) => {
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('input[type="checkbox"]').check();
  await page.locator('form button[type="submit"]').click();
};

try {
  const browser = await launchChromium();
  for (const locale of LOCALES) {
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const tag = `${locale}-${scheme}-${width}`;
        const context = await contextFor(browser, { width, scheme, locale });
        const page = await context.newPage();
        await page.goto(`${base}/signin`, { waitUntil: 'networkidle' });
        await shot(page, `signin-${tag}`);
        // Code screen: a merchant with codes (each run starts from a fresh database, so no lock-out).
        await fillSignIn(page, 'merchant-tw@demo.test');
        await page.locator('input[autocomplete="one-time-code"]').first().waitFor();
        await shot(page, `code-${tag}`);
        await page.locator('input[autocomplete="one-time-code"]').first().click();
        await page.keyboard.type(await latestCode('merchant-tw@demo.test'));
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(`${base}/`);
        await page.locator('[data-tour="summary"]').waitFor();
        await page.waitForLoadState('networkidle');
        await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
        await shot(page, `home-${tag}`);
        await page.goto(`${base}/profile/personal`, { waitUntil: 'networkidle' });
        await page.locator('input[type="tel"]').waitFor();
        await shot(page, `profile-${tag}`);
        await context.close();
      }
    }
  }
  await browser.close();
} finally {
  stop();
}
