// node tools/bench/staff-directory/run.mjs [N] [--reuse] [--explain] [--search]   — staff directory search p50/p95 on SQLite with N
// merchants (default 100,000). --reuse: keep tmp/bench/staff-directory-N.sqlite if it exists (no new seeding; pending
// migrations run on it); --explain: print each search's statements, their time and SQLite's query plan instead;
// --search: the console's global search (issue 27) for each kind of text instead (adds its cards, invoices and
// payments to the file once).
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundle } from '../build-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const n = Number(args.find((arg) => !arg.startsWith('--')) ?? process.env.N ?? 100000);
const file = await bundle(path.join(here, 'entry.ts'), 'staff-directory');
const { main } = createRequire(import.meta.url)(file);
await main(n, path.resolve(here, '../../../tmp/bench'), { reuse: args.includes('--reuse'), explain: args.includes('--explain'), search: args.includes('--search') });
