import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

/** The workspace root: a bundle inside it resolves its external packages from node_modules. */
export const workspaceRoot = path.resolve(__dirname, '../../../..');

/** Bundles the real entry point (src/main.ts) as `npm start` builds it, into a fresh folder under tmp/. */
export const bundleApi = async (): Promise<{ dir: string; mainJs: string }> => {
  fs.mkdirSync(path.join(workspaceRoot, 'tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(workspaceRoot, 'tmp', 'mh-ops-'));
  const mainJs = path.join(dir, 'main.js');
  const apiRoot = path.resolve(__dirname, '../..');
  await build({ entryPoints: [path.join(apiRoot, 'src/main.ts')], outfile: mainJs, bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', tsconfig: path.join(apiRoot, 'tsconfig.app.json'), logLevel: 'silent' });
  return { dir, mainJs };
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export type ApiProcess = { baseUrl: string; child: ChildProcess; output: () => string; kill: (signal: NodeJS.Signals) => Promise<void> };

/**
 * Starts the bundled API and waits until it says it listens on its port and `/api/health` answers. The port is
 * free when picked, not reserved: another process may take it first (test files and journeys start API
 * processes side by side), and then a health answer may come from that process while this one fails to listen.
 * So readiness is also the child's own "listening … (port N)" line, and a child that finds its port taken is
 * started again on another.
 */
export const startApi = async (mainJs: string, dir: string, env: Record<string, string>): Promise<ApiProcess> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startApiOnce(mainJs, dir, env);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
};

class PortTakenError extends Error {}

const startApiOnce = async (mainJs: string, dir: string, env: Record<string, string>): Promise<ApiProcess> => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [mainJs], {
    cwd: workspaceRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', PORT: String(port), PUBLIC_URL: baseUrl, UPLOAD_DIR: path.join(dir, 'uploads'), STATIC_ROOT: path.join(dir, 'none'), LOG_LEVEL: 'warn', SCRYPT_COST: '1024', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  const listening = `(port ${port})`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTakenError(`port ${port} was taken:\n${output}`);
      throw new Error(`the API exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      if (output.includes(listening) && (await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`the API did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, child, output: () => output, kill };
};

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export const waitFor = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 120_000, everyMs = 100, state?: () => Promise<unknown>): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${state ? `: ${JSON.stringify(await state())}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};
