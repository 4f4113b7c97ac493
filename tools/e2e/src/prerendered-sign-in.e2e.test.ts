import type { Page } from 'playwright-core';
import { takenOver, useRunningProduct, waitForTakeover } from './harness';
import { mailbox } from './merchant-session';

// Issue 12: the sign-in page is prerendered at build time (tools/vite/prerender.ts) and painted before any
// script runs; the app takes it over without losing what was typed, and a visitor who will not read English
// never sees the English markup.
const running = useRunningProduct();

/**
 * Holds back the guest entry's module (guest.html's, served on /signin) until `release()`: the page is the
 * prerendered markup alone meanwhile.
 */
const holdApp = async (page: Page) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/guest-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
};

/**
 * Records, on every frame from the first, whether the English heading was on screen, and whether the app
 * (React) has taken #root over.
 */
const watchEnglish = (page: Page) =>
  page.addInitScript(() => {
    const seen = { english: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const sample = () => {
      const heading = [...document.querySelectorAll('#root h1')].find((h) => h.textContent === 'Welcome back');
      if (heading && heading.checkVisibility()) seen.english = true;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });

const codeFor = async (email: string) => (await mailbox(running.product.baseUrl, email))[0]?.code ?? '';

describe('prerendered sign-in page', () => {
  it('is served as HTML with the heading, the form, the language guard and the held-back start', async () => {
    const html = await (await fetch(`${running.product.baseUrl}/signin`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('>Welcome back</h1>');
    expect(root).toMatch(/<input[^>]+type="email"/);
    expect(root).toMatch(/<input[^>]+type="password"/);
    expect(root).toMatch(/<button[^>]+type="submit"/);
    // The head decides before the first paint, with the apps' own language code, whether the markup shows.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('merchant-hub.locale');
    expect(head).toContain('html[data-prerender-off] #root{display:none}');
    expect(head).toContain('data-mantine-color-scheme');
    expect(head.indexOf('merchant-hub.locale')).toBeLessThan(head.indexOf('rel="stylesheet"'));
    // Another path keeps the plain index.html.
    expect(await (await fetch(`${running.product.baseUrl}/signup`)).text()).toContain('<div id="root"></div>');
  });

  it('in English: paints the form before the app runs, keeps what was typed and the submit, then signs in', async () => {
    const { page } = await running.newPage();
    const release = await holdApp(page);
    await page.goto(`${running.product.baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // Typed and submitted while only the markup is there: the submit waits for the app.
    await page.getByRole('textbox', { name: 'Email' }).fill('merchant-my@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('Merchant2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(new URL(page.url()).search).toBe('');
    release();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Verification code 1', { exact: true }).click();
    await page.keyboard.type(await codeFor('merchant-my@demo.test'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: /^Hello, / }).waitFor({ timeout: 30_000 });
  });

  it('paints from the rules its markup needs, inline, and applies the whole stylesheet before the app runs', async () => {
    const { page } = await running.newPage();
    // The whole stylesheet is held back: the page must paint without it, and the app wait for it.
    let releaseCss: () => void = () => undefined;
    const cssReleased = new Promise<void>((resolve) => (releaseCss = resolve));
    await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
      await cssReleased;
      await route.continue();
    });
    await page.goto(`${running.product.baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const styles = () =>
      page.evaluate(() => {
        const sheets = [...document.styleSheets];
        // The page's inline rules come just before the whole stylesheet's link (prerender.ts deferStylesheet).
        const inline = sheets.find((sheet) => !sheet.href && (sheet.ownerNode as Element | null)?.nextElementSibling?.matches('link[data-after-paint]'));
        return {
          inline: [...(inline?.cssRules ?? [])].map((rule) => rule.cssText).join(''),
          whole: sheets.some((sheet) => sheet.href?.endsWith('.css')),
          // The heading's font size comes from the Title's rules: styled, not the browser's default h1.
          headingSize: getComputedStyle(document.querySelector('#root h1') ?? document.body).fontSize,
        };
      });
    const painted = await styles();
    expect(painted.whole).toBe(false);
    expect(painted.inline).toContain('.m_8a5d1357'); // the Title's class, on the heading
    expect(painted.inline).not.toContain('.m_9df02822'); // Modal's content, not on this page
    // Every module the start script preloads has arrived (the app could run but for the stylesheet)...
    await page.waitForFunction(() => {
      const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href);
      const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
      return preloads.length > 0 && preloads.every((href) => arrived.has(href));
    });
    // ...and a frame has been drawn since: the app has not taken the page over (it sets this to false when it does: app-root take-over).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    expect(await takenOver(page)).toBe(false);
    releaseCss();
    await waitForTakeover(page, 30_000);
    const applied = await styles();
    expect(applied.whole).toBe(true);
    expect(applied.headingSize).toBe(painted.headingSize);
  });

  it('in Thai (?locale=th): never shows the English markup, and signs in in Thai', async () => {
    const { page } = await running.newPage();
    await watchEnglish(page);
    const release = await holdApp(page);
    await page.goto(`${running.product.baseUrl}/signin?locale=th`, { waitUntil: 'domcontentloaded' });
    // The head script decided before the body was parsed: at DOMContentLoaded the markup is already hidden.
    expect(await page.locator('#root').isVisible()).toBe(false);
    release();
    await page.getByRole('heading', { name: 'ยินดีต้อนรับกลับ' }).waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'อีเมล' }).fill('skip-otp@demo.test');
    await page.getByRole('textbox', { name: 'รหัสผ่าน' }).fill('Merchant2026');
    await page.getByRole('checkbox').check();
    const englishSeen = () => page.evaluate(() => (window as unknown as { __seen: { english: boolean } }).__seen.english);
    expect(await englishSeen()).toBe(false);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    // Signed in, the browser loads the back office (the guest entry draws only the guest pages), in Thai.
    await page.getByRole('heading', { name: /^สวัสดี / }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).not.toBe('/signin');
    expect(await englishSeen()).toBe(false);
  });

  it('with Thai stored from an earlier visit: hides the English markup too', async () => {
    const { page } = await running.newPage();
    await page.addInitScript(() => window.localStorage.setItem('merchant-hub.locale', 'th'));
    await watchEnglish(page);
    await page.goto(`${running.product.baseUrl}/signin`);
    await page.getByRole('heading', { name: 'ยินดีต้อนรับกลับ' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __seen: { english: boolean } }).__seen.english)).toBe(false);
  });
});
