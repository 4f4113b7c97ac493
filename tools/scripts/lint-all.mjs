#!/usr/bin/env node
// Lints every project as its own `lint` target does, in one process: what `npm test` runs (architecture:lint-all)
// instead of a task per project. The `eslint <paths>` parts of every project's lint command are linted by one
// ESLint instance, so ESLint, its plugins and the workspace config load once instead of once per project (15
// processes took 50.8 s of CPU, one 20.4 s: docs/test-speed.md); any other part of a command (the architecture
// project's dependency-cruiser run) runs as written. Each project's `lint` target stays for working on one project.
//
//   node tools/scripts/lint-all.mjs
//
// Exit code 0 when every part passes, 1 otherwise.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import { projectCommands, workspaceRoot as root } from './project-commands.mjs';

const ESLINT = /^eslint\s+/;

/** Every project's lint command (project.json), split at `&&`, projects in path order. */
const commandParts = projectCommands('lint').flatMap(({ command }) => command.split('&&').map((part) => part.trim()));
const eslintPaths = commandParts.filter((part) => ESLINT.test(part)).flatMap((part) => part.replace(ESLINT, '').split(/\s+/));
const otherParts = commandParts.filter((part) => !ESLINT.test(part));

let failed = false;
for (const command of otherParts) {
  console.log(`> ${command}`);
  const run = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit', env: { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` } });
  failed ||= run.status !== 0;
}

console.log(`> eslint ${eslintPaths.join(' ')}`);
const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(eslintPaths);
const output = (await eslint.loadFormatter('stylish')).format(results);
if (output) console.log(output);
failed ||= results.some((result) => result.errorCount > 0 || result.fatalErrorCount > 0);
process.exit(failed ? 1 : 0);
