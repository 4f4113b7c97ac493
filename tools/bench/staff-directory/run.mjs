// node tools/bench/staff-directory/run.mjs [N]   — staff directory search p50/p95 on SQLite with N merchants (default 100,000).
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundle } from '../build-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const n = Number(process.argv[2] ?? process.env.N ?? 100000);
const file = await bundle(path.join(here, 'entry.ts'), 'staff-directory');
const { main } = createRequire(import.meta.url)(file);
await main(n, path.resolve(here, '../../../tmp/bench'));
