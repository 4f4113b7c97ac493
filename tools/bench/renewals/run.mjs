// node tools/bench/renewals/run.mjs [N]   — renewals per second on SQLite with the sandbox gateway, for N and 2N.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundle } from '../build-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const n = Number(process.argv[2] ?? process.env.N ?? 10000);
const file = await bundle(path.join(here, 'entry.ts'), 'renewals');
const { main } = createRequire(import.meta.url)(file);
await main(n, path.resolve(here, '../../../tmp/bench'));
