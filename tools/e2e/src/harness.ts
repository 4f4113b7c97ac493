import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const workspaceRoot = resolve(__dirname, '../../..');

/** Chromium flags for a closed network: without the background-networking ones it keeps dialling out. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Where journeys save their screenshots: docs/screenshots when SCREENSHOTS=1 (refreshing the committed
 * pictures), otherwise tmp/, so an ordinary test run leaves the work tree as it was.
 */
export const screenshotDir = resolve(workspaceRoot, process.env.SCREENSHOTS === '1' ? 'docs/screenshots' : 'tmp/e2e-screenshots');

export type RunningProduct = { baseUrl: string; stop: () => Promise<void>; output: () => string };

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Waits until the server says it listens (`listening()`) and `/api/health` answers. The port is free when picked,
 * not reserved: another process (the api suite starts API processes beside the journeys) may take it first, and a
 * health answer would then come from that one while this server fails to listen.
 */
async function waitForHealth(baseUrl: string, server: ChildProcess, listening: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if (listening() && (await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/** Starts the built product (dist/apps/api/main.js) on a free port with its own SQLite file. */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'merchant-hub-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [join(workspaceRoot, 'dist/apps/api/main.js')], {
    cwd: workspaceRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dataDir, 'e2e.sqlite')}`,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  try {
    await waitForHealth(baseUrl, server, () => output.includes(`(port ${port})`), 30_000);
  } catch (error) {
    server.kill();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium without the desktop browser around
 * it, as Playwright uses for headless runs) when it is installed, else Debian's Chromium; `CHROMIUM_PATH` names
 * another. The whole journey suite spends most of its CPU in the browser: 25–37 % less in the shell
 * (docs/test-speed.md).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
}

/** What a journey file works against: the built product on its own port and one Chromium. */
export type ProductUnderTest = {
  readonly product: RunningProduct;
  readonly browser: Browser;
  /** A fresh browser context (own cookies and storage) at 1280×900, with its first page. */
  newPage: () => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * Starts the built product and a browser before the calling file's tests and stops both after them.
 * Call it once at the top of a journey file.
 */
export function useRunningProduct(env: Record<string, string> = {}): ProductUnderTest {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    product = await startProduct(env);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const running: ProductUnderTest = {
    get product() {
      if (!product) throw new Error('the product is not running: useRunningProduct() starts it in beforeAll');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('no browser: useRunningProduct() launches it in beforeAll');
      return browser;
    },
    newPage: async () => {
      const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
      return { context, page: await context.newPage() };
    },
  };
  return running;
}

/**
 * Resolves once the page is still: its web fonts are in, no finite CSS animation or transition is running (a
 * modal fading in, a drawer sliding) and every open dialog is fully opaque. Polled on animation frames, so a
 * resize's media-query redraw has happened too. A condition, never a pause.
 */
export const settled = async (page: Page): Promise<void> => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity) &&
      [...document.querySelectorAll('[role="dialog"]')].every((dialog) => getComputedStyle(dialog).opacity === '1'),
    undefined,
    { polling: 'raf' },
  );
};

/** Set to false by the app once it has the page, a prerendered one taken over (libs/app-root/src/prerender-attribute.ts). */
export const PRERENDER_PENDING_SUBMIT = '__prerenderPendingSubmit';

/** Whether the app has the page: its pickers and listeners answer, a prerendered page has been taken over. */
export const takenOver = (page: Page): Promise<boolean> => page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag] === false, PRERENDER_PENDING_SUBMIT);

/** Waits until the app has the page (`takenOver`); `timeout` in ms, else the page's default. */
export const waitForTakeover = async (page: Page, timeout?: number): Promise<void> => {
  await page.waitForFunction((flag) => (window as unknown as Record<string, unknown>)[flag] === false, PRERENDER_PENDING_SUBMIT, timeout === undefined ? {} : { timeout });
};

/**
 * Saves a picture of the page (under `screenshotDir`) once it is still (`settled`): toasts hidden, any animation
 * left shown at its end.
 */
export const capture = async (page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> => {
  await settled(page);
  await page.screenshot({
    path: resolve(screenshotDir, file),
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
    style: '.mantine-Notifications-root { display: none !important; }',
  });
};
