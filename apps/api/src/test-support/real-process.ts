import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The workspace root: the bundle's external packages resolve from its node_modules. */
export const workspaceRoot = path.resolve(__dirname, '../../../..');

/** Bundles src/main.ts into a fresh directory under tmp/ (as the Nx build does), for tests of the real process. */
export const buildMain = async (): Promise<{ dir: string; mainJs: string; remove: () => void }> => {
  fs.mkdirSync(path.join(workspaceRoot, 'tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(workspaceRoot, 'tmp', 'mh-process-'));
  const mainJs = path.join(dir, 'main.js');
  const apiRoot = path.resolve(__dirname, '../..');
  await build({ entryPoints: [path.join(apiRoot, 'src/main.ts')], outfile: mainJs, bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', tsconfig: path.join(apiRoot, 'tsconfig.app.json'), logLevel: 'silent' });
  return { dir, mainJs, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

export type RunningApi = {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** Starts the bundled API on `port` with a SQLite file in `dir`; resolves once it listens. */
export const startMain = (mainJs: string, dir: string, port: number, env: Record<string, string> = {}): Promise<RunningApi> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainJs], {
      cwd: workspaceRoot,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), DATABASE_URL: `sqlite:${path.join(dir, `db-${port}.sqlite`)}`, UPLOAD_DIR: path.join(dir, 'uploads'), STATIC_ROOT: path.join(dir, 'none'), LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (/listening/.test(output)) {
        clearTimeout(timer);
        resolve({ child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}) before listening:\n${output}`));
    });
  });
