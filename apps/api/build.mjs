// Bundles the API into one CommonJS file: workspace libs (tsconfig paths) are inlined, npm packages stay
// external and resolve from node_modules at run time. Migrations are imported modules, so nothing else ships.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(root, 'dist/apps/api/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  tsconfig: path.join(here, 'tsconfig.app.json'),
  sourcemap: true,
  logLevel: 'warning',
});
