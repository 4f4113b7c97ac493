// Writes the npm manifest of the built package and copies its README. Run after tsc has emitted
// dist/libs/validation (see build.mjs). The zod version is the workspace's, so the package is published
// against exactly what it was built and tested with.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const libRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspaceRoot = join(libRoot, '..', '..');
export const outDir = join(workspaceRoot, 'dist', 'libs', 'validation');

export function writePackage() {
  const workspace = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8'));
  const zodVersion = workspace.dependencies?.zod;
  if (!zodVersion) throw new Error('The workspace package.json declares no zod dependency');
  const manifest = {
    name: '@merchant-hub/validation',
    version: '0.1.0',
    description: 'Merchant Hub form and request schemas (zod 4) whose messages are i18n keys of the validation namespace',
    license: workspace.license,
    type: 'module',
    main: './index.js',
    types: './index.d.ts',
    exports: {
      '.': { types: './index.d.ts', import: './index.js', default: './index.js' },
      './package.json': './package.json',
    },
    sideEffects: false,
    engines: { node: '>=18' },
    dependencies: { zod: zodVersion },
  };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(join(libRoot, 'README.md'), join(outDir, 'README.md'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writePackage();
