// node tools/bench/api/run.mjs [seconds]   — req/s and p50/p99 of GET /api/users/billing/all beside GET /api/health.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundle } from '../build-entry.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.argv[2] ?? 10);
const file = await bundle(path.join(here, 'entry.ts'), 'api');
const { start } = createRequire(import.meta.url)(file);
const api = await start(path.resolve(here, '../../../tmp/bench'));

const run = (title, urlPath, headers = {}) =>
  autocannon({ url: `${api.url}${urlPath}`, connections: 10, duration, headers, title });

const rows = [];
for (const [title, urlPath, headers] of [
  ['GET /api/health', '/api/health', {}],
  ['GET /api/users/billing/all', '/api/users/billing/all', { authorization: `Bearer ${api.token}` }],
]) {
  const r = await run(title, urlPath, headers);
  if (r.non2xx > 0) throw new Error(`${title}: ${r.non2xx} non-2xx answers`);
  rows.push({ title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
}
for (const r of rows) console.log(`${r.title.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
console.log(`billing/all ÷ health throughput: ${(rows[1].rps / rows[0].rps).toFixed(3)}`);
await api.stop();
