// Starts the built product (dist/apps/api/main.js serving dist/apps/*) on a free port with a throw-away
// SQLite file and writes screenshots of sign-in, the code screen, home and profile at 375 px and 1440 px,
// light and dark, in English and Traditional Chinese, into docs/screenshots/.
// Usage: npx nx run api:build && npx nx run merchant-backoffice:build && node tools/screenshots/run.mjs
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'docs/screenshots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const WIDTHS = [375, 1440];
const SCHEMES = ['light', 'dark'];
const LOCALES = ['en', 'zhtw'];
const PASSWORD = 'Merchant2026';

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mh-screens-'));
const server = spawn(process.execPath, [join(root, 'dist/apps/api/main.js')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'development', PORT: String(port), PUBLIC_URL: base, DATABASE_URL: `sqlite:${join(dataDir, 'db.sqlite')}`, UPLOAD_DIR: join(dataDir, 'uploads') },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

const waitHealthy = async () => {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the product did not start');
};

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

const shot = async (page, name) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: false });
  console.log(`wrote docs/screenshots/${name}.png`);
};

try {
  await waitHealthy();
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
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
