#!/usr/bin/env node
// `npm start`: builds what is out of date (Nx cache), then runs the API, which migrates, seeds an empty
// database, prints the demo accounts and serves the three apps from one origin.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const apps = ['api', 'merchant-backoffice', 'public-checkout', 'staff-console'];
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', ...apps, '--output-style=static'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('Build failed; not starting.');
  process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['dist/apps/api/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
