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

/** Starts the bundled API and waits until `/api/health` answers. */
export const startApi = async (mainJs: string, dir: string, env: Record<string, string>): Promise<ApiProcess> => {
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
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
