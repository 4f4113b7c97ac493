// node tools/bench/startup/run.mjs [--runs R] [--npm-start] [--root DIR]
//
// Milliseconds from spawning the built API (`node dist/apps/api/main.js`, what `npm start` runs once the Nx
// build is up to date) to the first 200 from GET /api/health: on an empty database (migrate + seed the
// reference data and the demo accounts at the default scrypt cost) and on the same database once seeded.
// Build first: `npx nx run api:build` (the static apps are optional here). --npm-start also times the whole
// `npm start` (Nx's up-to-date check of the four builds included) on the seeded database. Each figure is the
// median of R runs (default 3). --root DIR runs DIR/dist/apps/api/main.js instead (before/after).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { benchDir, freePort, root, startApi, waitFor200 } from '../lib/server.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const rootAt = args.indexOf('--root');
const main = path.join(rootAt >= 0 ? path.resolve(args[rootAt + 1]) : root, 'dist/apps/api/main.js');
if (!existsSync(main)) {
  console.error('dist/apps/api/main.js is missing: run `npx nx run api:build` first.');
  process.exit(1);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const fmt = (values) => `${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;

const empty = [];
const seeded = [];
for (let run = 0; run < runs; run++) {
  const first = await startApi({ name: 'startup', main, fresh: true });
  empty.push(first.msToHealthy);
  await first.stop();
  const again = await startApi({ name: 'startup', main, fresh: false });
  seeded.push(again.msToHealthy);
  await again.stop();
}
console.log(`node dist/apps/api/main.js → healthy, empty database:  ${fmt(empty)}`);
console.log(`node dist/apps/api/main.js → healthy, seeded database: ${fmt(seeded)}`);

if (args.includes('--npm-start')) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const port = await freePort();
    const started = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATABASE_URL: `sqlite:${path.join(benchDir, 'startup.sqlite')}`, UPLOAD_DIR: path.join(benchDir, 'uploads') },
      stdio: 'ignore',
      detached: true,
    });
    await waitFor200(`http://127.0.0.1:${port}/api/health`, child, 120_000);
    times.push(performance.now() - started);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  console.log(`npm start (builds up to date) → healthy, seeded database: ${fmt(times)}`);
}
for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(benchDir, `startup.sqlite${suffix}`), { force: true });
