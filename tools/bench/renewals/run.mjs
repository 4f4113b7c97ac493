// node tools/bench/renewals/run.mjs [N] [--db postgres://…] [--stats] [--rounds R]   — renewals per second with the sandbox gateway,
// for N and 2N, on a fresh SQLite file (default) or in a fresh schema of the given PostgreSQL database. --stats: the
// statements each run sent (by shape: count, summed and longest time) and CPU per renewal of the bench process and
// (PostgreSQL on this machine) of the schedulers' backends. --rounds R: N and 2N alternate R times; medians.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundle } from '../build-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dbAt = args.indexOf('--db');
const pgUrl = dbAt >= 0 ? args.splice(dbAt, 2)[1] : undefined;
const statsAt = args.indexOf('--stats');
const withStats = statsAt >= 0 && args.splice(statsAt, 1).length > 0;
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 1;
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of at least 1');
if (pgUrl !== undefined && !/^postgres(ql)?:\/\//.test(pgUrl)) throw new Error('--db takes a postgres://… URL');
const n = Number(args[0] ?? process.env.N ?? 10000);
const file = await bundle(path.join(here, 'entry.ts'), 'renewals');
const { main } = createRequire(import.meta.url)(file);
await main(n, path.resolve(here, '../../../tmp/bench'), pgUrl, withStats, rounds);
