// node tools/bench/lib/profile-summary.mjs FILE.cpuprofile [N]   — the N functions with the most self time
// (and, grouped, by package), from a V8 CPU profile written by `node --cpu-prof`.
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const gaps = profile.timeDeltas;
for (const [index, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (gaps[index] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (frame) => {
  const url = frame.url.replace(/^file:\/\//, '');
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  return pkg ?? (url.startsWith('node:') || url === '' ? url || '(native)' : url.split('/').slice(-2).join('/'));
};
const fns = new Map();
const pkgs = new Map();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id);
  const key = `${callFrame.functionName || '(anonymous)'}  ${where(callFrame)}:${callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + time);
  const pkg = where(callFrame);
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + time);
}
const pct = (time) => `${((100 * time) / total).toFixed(1).padStart(5)} %`;
console.log(`self time by function (top ${count}), of ${(total / 1e6).toFixed(1)} s sampled:`);
for (const [key, time] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) console.log(`  ${pct(time)}  ${key}`);
console.log('self time by package / file:');
for (const [key, time] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(time)}  ${key}`);
