// Bundles a bench entry (TypeScript importing apps/api sources and the workspace libs) into one CommonJS file.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const bundle = async (entry, name) => {
  const outfile = path.join(root, 'tmp/bench', `${name}.cjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    tsconfig: path.join(root, 'apps/api/tsconfig.app.json'),
    logLevel: 'warning',
  });
  return outfile;
};
