#!/usr/bin/env node
// `npm test`: lints and typechecks (each for every project in one process: architecture:lint-all and
// typecheck-all), builds and tests every project through Nx, then prints one closing line `N passed, N failed[,
// N skipped]` totalling every test runner (Jest and Vitest write JSON reports into tmp/test-results; both use the
// same summary fields).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const resultsDir = join(root, 'tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

// Every property test runs with one fixed seed (tools/test/fast-check-setup.ts); say which, so a red run replays.
const propertyDefaults = JSON.parse(readFileSync(join(root, 'tools/test/fast-check.json'), 'utf8'));
console.log(
  `Property tests (fast-check): seed ${process.env.FC_SEED || propertyDefaults.seed}, ${process.env.FC_NUM_RUNS || propertyDefaults.numRuns} runs each` +
    ' (FC_SEED=<number>|random and FC_NUM_RUNS=<n> change them; docs/testing.md)',
);

const targets = (process.env.TEST_TARGETS ?? 'lint-all,typecheck-all,build,test,e2e').split(',');
// TEST_PROJECTS=money,domain narrows the run to those Nx projects (a short check of this script, or of a change).
const projects = process.env.TEST_PROJECTS ? [`--projects=${process.env.TEST_PROJECTS}`] : [];
const nxArgs = ['nx', 'run-many', '-t', ...targets, ...projects, '--output-style=stream', '--skip-nx-cache'];
console.log(`> npx ${nxArgs.join(' ')}`);
const run = spawnSync('npx', nxArgs, { cwd: root, stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
const reports = existsSync(resultsDir) ? readdirSync(resultsDir).filter((f) => f.endsWith('.json')) : [];
for (const file of reports.sort()) {
  const report = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
  const p = report.numPassedTests ?? 0;
  const f = report.numFailedTests ?? 0;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that fails to load (syntax error, missing module) has no failed tests but is a failure.
  const brokenSuites = report.numRuntimeErrorTestSuites ?? 0;
  console.log(`  ${file.replace(/\.json$/, '').padEnd(24)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}${brokenSuites ? `, ${brokenSuites} suites failed to run` : ''}`);
  passed += p;
  failed += f + brokenSuites;
  skipped += s;
}

const nxFailed = run.status !== 0;
// Without a test target (TEST_TARGETS=lint) no report is expected; with one, none at all means nothing ran.
const reportsMissing = reports.length === 0 && targets.some((target) => target === 'test' || target === 'e2e');
if (nxFailed) console.log('\nSome Nx tasks failed (see above): lint, typecheck, build or a test run.');
if (reportsMissing) console.log('\nNo test reports were written.');
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(nxFailed || failed > 0 || reportsMissing ? 1 : 0);
