// Starts the API (the same `main.ts` `npm start` runs) or a bare Express hello-world as its own process, on a
// free port, and waits until it answers. Used by the api, startup and web benchmarks.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../build-entry.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const benchDir = path.join(root, 'tmp/bench');

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Polls `url` until it answers 200; resolves with the milliseconds waited. */
export const waitFor200 = async (url, child, timeoutMs = 60_000) => {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} not healthy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const stopper = (child) => () =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** The API's `main.ts` bundled with esbuild (like apps/api/build.mjs), so no prior build is needed. */
export const bundleApiMain = () => bundle(path.join(root, 'apps/api/src/main.ts'), 'api-main');

/**
 * Spawns the API on a fresh SQLite file (unless `env.DATABASE_URL` is given) and waits for /api/health.
 * Its log lines go to tmp/bench/<name>.log, as they would go to a terminal or a log collector.
 */
export const startApi = async ({ name = 'api', main, env = {}, fresh = true, nodeArgs = [] } = {}) => {
  mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, `${name}.sqlite`);
  if (fresh) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, main ?? (await bundleApiMain())], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: `sqlite:${file}`,
      STATIC_ROOT: path.join(root, 'dist/apps'),
      UPLOAD_DIR: path.join(benchDir, 'uploads'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(path.join(benchDir, `${name}.log`));
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  await waitFor200(`${url}/api/health`, child);
  return { url, pid: child.pid, msToHealthy: performance.now() - started, stop: stopper(child) };
};

/** A bare Express 5 app answering GET / with a small JSON body, in its own process. */
export const startHelloWorld = async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'tools/bench/api/hello-world.cjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}/`, child);
  return { url, pid: child.pid, stop: stopper(child) };
};

/** Signs the skip-otp demo merchant in (no one-time code) and returns its Bearer token. */
export const signInDemoMerchant = async (url, email = 'skip-otp@demo.test', password = 'Merchant2026') => {
  const headers = { 'content-type': 'application/json' };
  const body = JSON.stringify({ email, password });
  await fetch(`${url}/api/erpCheckOTPStatus`, { method: 'POST', headers, body });
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers, body });
  const json = await res.json();
  if (!json.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(json)}`);
  return json.access_token;
};
