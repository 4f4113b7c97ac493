import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

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

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
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
    await waitForHealth(baseUrl, server, 30_000);
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
