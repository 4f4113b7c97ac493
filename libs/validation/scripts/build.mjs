// Builds the publishable package into dist/libs/validation: a clean output folder (no stale files from
// renamed modules), ESM JavaScript and .d.ts from tsc, then package.json and README.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outDir, writePackage } from './write-package.mjs';

const libRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(outDir, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', join(libRoot, 'tsconfig.build.json')], { stdio: 'inherit' });
writePackage();
