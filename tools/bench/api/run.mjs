// node tools/bench/api/run.mjs [seconds] [--rounds R] [--perf] [--cpu-prof DIR] [--root DIR]
//
// The API runs in its own process, started exactly as `npm start` starts it (main.ts, SQLite, sandbox, log
// level info, a freshly seeded database); a bare Express 5 hello-world runs in another; the load comes from
// autocannon's CLI in a third (10 connections), so the load generator never shares the server's event loop.
// Prints req/s, p50, p99 and the server's CPU time per request (from /proc) for GET /api/health,
// GET /api/users/billing/all (Bearer token of the skip-otp demo merchant), the hello-world, and the hello-world
// sending a body of billing/all's size (what the bytes alone cost), and the ratios, all from the same run. With --rounds R the four are
// measured R times, interleaved, and each figure is the median round. --perf adds `perf stat -e
// instructions:u` on the server's PID (user-space instructions per request); --cpu-prof DIR writes the API's
// V8 CPU profile there when it stops; --root DIR runs DIR/dist/apps/api/main.js (another checkout's build, for a
// before/after) instead of bundling this checkout's main.ts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, signInDemoMerchant, startApi, startHelloWorld } from '../lib/server.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const flag = (name) => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const rounds = Number(option('--rounds') ?? 1);
const profDir = option('--cpu-prof');
const otherRoot = option('--root');
const perf = flag('--perf');
const duration = Number(args[0] ?? 10);

const autocannonBin = path.join(root, 'node_modules/autocannon/autocannon.js');
const autocannon = (url, seconds, headers = {}) =>
  new Promise((resolve, reject) => {
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
    const child = spawn(process.execPath, [autocannonBin, '-j', '-c', '10', '-d', String(seconds), ...headerArgs, url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });

/**
 * The process's user + system CPU time so far, in ms (/proc/PID/stat, clock ticks of 10 ms). CPU per request
 * moves far less than req/s when other work shares the cores: on a loaded machine the server waits for a
 * core, it does not do more work per request.
 */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

/** `perf stat -e instructions:u -p PID` while `work` runs; resolves with the instruction count (or null). */
const withPerf = async (pid, work) => {
  if (!perf) return { result: await work(), instructions: null };
  const child = spawn('perf', ['stat', '-x', ',', '-e', 'instructions:u', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const result = await work();
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await done;
  const count = Number(err.split('\n').find((line) => line.includes('instructions'))?.split(',')[0]);
  return { result, instructions: Number.isFinite(count) ? count : null };
};

const api = await startApi({
  name: 'api-bench',
  main: otherRoot ? path.resolve(otherRoot, 'dist/apps/api/main.js') : undefined,
  nodeArgs: profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : [],
});
const hello = await startHelloWorld();
try {
  const token = await signInDemoMerchant(api.url);
  const billingBytes = (await (await fetch(`${api.url}/api/users/billing/all`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()).byteLength;
  const targets = [
    { title: 'GET /api/health', url: `${api.url}/api/health`, headers: {}, pid: api.pid },
    { title: 'GET /api/users/billing/all', url: `${api.url}/api/users/billing/all`, headers: { authorization: `Bearer ${token}` }, pid: api.pid },
    { title: 'hello-world (bare Express 5)', url: `${hello.url}/`, headers: {}, pid: hello.pid },
    { title: `hello-world, ${(billingBytes / 1024).toFixed(1)} kB body`, url: `${hello.url}/body?bytes=${billingBytes}`, headers: {}, pid: hello.pid },
  ];
  for (const target of targets) await autocannon(target.url, 2, target.headers); // warm-up (JIT, caches)
  const results = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const cpuBefore = cpuMs(target.pid);
      const { result: r, instructions } = await withPerf(target.pid, () => autocannon(target.url, duration, target.headers));
      const cpu = cpuMs(target.pid) - cpuBefore;
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${target.title}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      results[index].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, perRequest: instructions && instructions / r.requests.total, cpuUs: (cpu * 1000) / r.requests.total });
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const rows = targets.map((target, index) => ({
    title: target.title,
    rps: median(results[index].map((r) => r.rps)),
    p50: median(results[index].map((r) => r.p50)),
    p99: median(results[index].map((r) => r.p99)),
    perRequest: results[index][0].perRequest === null ? null : median(results[index].map((r) => r.perRequest)),
    cpuUs: median(results[index].map((r) => r.cpuUs)),
  }));
  console.log(`${rounds} round(s) of ${duration} s each, 10 connections, load from a separate autocannon process`);
  for (const r of rows) {
    const instr = r.perRequest ? `   ${(r.perRequest / 1000).toFixed(0)}k instructions:u/req` : '';
    console.log(`${r.title.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.cpuUs.toFixed(0)} µs CPU/req${instr}`);
  }
  const [health, billing, bare, bareBody] = rows;
  console.log(`billing/all ÷ health throughput: ${(billing.rps / health.rps).toFixed(3)}   (by CPU per request: ${(health.cpuUs / billing.cpuUs).toFixed(3)})`);
  console.log(`health ÷ hello-world throughput: ${(health.rps / bare.rps).toFixed(3)}   (by CPU per request: ${(bare.cpuUs / health.cpuUs).toFixed(3)})`);
  // The floor under billing/all: bare Express sending a body of its size, nothing else (no session, no query).
  console.log(`hello-world with billing/all's body ÷ health throughput: ${(bareBody.rps / health.rps).toFixed(3)}   (by CPU per request: ${(health.cpuUs / bareBody.cpuUs).toFixed(3)})`);
  if (perf && rows.some((r) => r.perRequest === null)) console.log('perf: instructions:u not counted on this machine (no PMU access)');
} finally {
  await hello.stop();
  await api.stop();
}
