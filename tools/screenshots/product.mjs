// Shared by the screenshot scripts: starts the built product (dist/apps/api/main.js serving dist/apps/*) on a
// free port with a throw-away SQLite file, and launches Debian's Chromium with flags for a closed network.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const outDir = join(root, 'docs/screenshots');
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const WIDTHS = [375, 1440];

export const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

const waitHealthy = async (base) => {
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

/** Starts the product and waits for /api/health; `stop` ends it and removes its data. */
export const startProduct = async (env = {}) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mh-screens-'));
  const server = spawn(process.execPath, [join(root, 'dist/apps/api/main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), PUBLIC_URL: base, DATABASE_URL: `sqlite:${join(dataDir, 'db.sqlite')}`, UPLOAD_DIR: join(dataDir, 'uploads'), ...env },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base);
  } catch (error) {
    stop();
    throw error;
  }
  mkdirSync(outDir, { recursive: true });
  return { base, stop };
};

export const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** Lets transitions settle, then writes docs/screenshots/<name>.png. */
export const shot = async (page, name, options = {}) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: false, ...options });
  console.log(`wrote docs/screenshots/${name}.png`);
};
