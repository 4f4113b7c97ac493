#!/usr/bin/env node
// Proof that the suite stays green on a busy machine (issue 28): runs `npm test` (README's test command) while
// one spinning Node process per core, at the same priority as the tests (nice 0), keeps every core busy.
// Reports each run's closing `N passed, N failed` line and exit code; with --runs N it runs again until N runs
// have passed, stopping at the first failure. The spinners are stopped however this script ends.
//
//   node tools/scripts/test-under-load.mjs [--runs N] [--hogs N]
//
// Exit code: 0 when every run passed, else the failing run's exit code (1 if it had none). The environment
// passes through to `npm test` (TEST_TARGETS, TEST_PROJECTS, TEST_PG_URL, FC_SEED...). docs/testing.md.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
/** The closing line of `npm test` (tools/scripts/test-all.mjs), the one CI reads. */
const SUMMARY = /^\d+ passed, \d+ failed(?:, \d+ skipped)?$/;

const usage = 'usage: node tools/scripts/test-under-load.mjs [--runs N] [--hogs N]';
const wholeNumber = (name, text, min) => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min) {
    console.error(`--${name} must be a whole number of at least ${min}, got '${text}'\n${usage}`);
    process.exit(2);
  }
  return value;
};

let options;
try {
  options = parseArgs({ options: { runs: { type: 'string', default: '1' }, hogs: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const runs = wholeNumber('runs', options.runs, 1);
const hogCount = options.hogs === undefined ? os.availableParallelism() : wholeNumber('hogs', options.hogs, 0);

// A spinner checks now and then that this script is still its parent, so one is never left spinning, even
// when this script is killed with SIGKILL and cannot stop it.
const SPIN = `const parent = process.ppid;
for (;;) {
  for (let i = 0; i < 5e6; i += 1);
  if (process.ppid !== parent) process.exit(0);
}`;

/** @type {import('node:child_process').ChildProcess[]} */
const hogs = [];
/** @type {import('node:child_process').ChildProcess | undefined} */
let suite;

const stopHogs = () => {
  for (const hog of hogs.splice(0)) {
    if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
  }
};

const startHogs = () => {
  for (let i = 0; i < hogCount; i += 1) {
    const hog = spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' });
    // Nice 0, as the tests run: the spinners take their fair share of the cores, no more and no less.
    if (hog.pid !== undefined) os.setPriority(hog.pid, 0);
    hogs.push(hog);
  }
};

// However this script ends (done, a thrown error, Ctrl-C, SIGTERM), the spinners stop; a signal also goes to
// the whole `npm test` process group (npm, Nx and its runners), which has its own group so that it can be reached.
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopHogs();
    if (suite?.pid !== undefined && suite.exitCode === null) {
      try {
        process.kill(-suite.pid, signal);
      } catch {
        // the group has already gone
      }
    }
    console.log(`\n${signal}: spinners stopped, npm test told to stop.`);
    process.exit(130);
  });
}

const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');
const minutes = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** One `npm test` with its output passed through; resolves with its summary line and exit code. */
const runSuite = () =>
  new Promise((done) => {
    let summary = null;
    let pending = '';
    suite = spawn('npm', ['test'], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    suite.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + String(chunk)).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (SUMMARY.test(line.trim())) summary = line.trim();
    });
    suite.on('error', (error) => done({ summary, code: null, error }));
    suite.on('close', (code, signal) => {
      if (SUMMARY.test(pending.trim())) summary = pending.trim();
      done({ summary, code: code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : null) });
    });
  });

console.log(`test-under-load: ${runs} run(s) of npm test with ${hogCount} spinning Node process(es) at nice 0 on ${os.availableParallelism()} core(s)`);
startHogs();
const results = [];
for (let run = 1; run <= runs; run += 1) {
  const started = Date.now();
  console.log(`\n=== run ${run}/${runs} under load (load average ${load()}) ===`);
  const { summary, code, error } = await runSuite();
  const passed = code === 0 && summary !== null;
  const line = `run ${run}/${runs}: ${summary ?? 'no summary line'} — exit code ${code ?? 'none'}${error ? ` (${error.message})` : ''}, ${minutes(Date.now() - started)}, load average at the end ${load()}`;
  results.push({ passed, code, line });
  console.log(`\n=== ${line} ===`);
  if (!passed) break;
}
stopHogs();

console.log('\ntest-under-load summary:');
for (const { line } of results) console.log(`  ${line}`);
const last = results.at(-1);
if (last?.passed && results.length === runs) {
  console.log(`PASSED ${runs} of ${runs} run(s) under load`);
  process.exit(0);
}
console.log(`FAILED at run ${results.length} of ${runs}`);
process.exit(last?.code || 1);
