#!/usr/bin/env node
// node tools/scripts/cpu-by-task.mjs [--json FILE] -- <command...>     (Linux: reads /proc)
//
// Runs the command (e.g. `npm test`) and says where its CPU went: every second it reads /proc, finds each Nx
// task's process (the outermost process under the command whose command line names a task: `jest --config apps/api/...`,
// `vitest ... libs/ui-kit`, `eslint libs/money`, `typecheck.mjs ...`, `vite build ...`) and sums, over the
// task's process tree, user + system time of the live processes and of the children they have reaped. A task's
// figure is its largest sum (its tree as it finishes). At the end: one line per task, CPU seconds and wall
// seconds, largest CPU first, and the total. PostgreSQL's own CPU is not in any task (its server is not a
// child): the line "postgres (server)" is its server's time over the run. Chromium's renderers are mostly not in
// their task's figure either: they end before the zygote that forked them reaps them, so their time reaches no
// ancestor; the line "chromium (every process)" adds up each Chromium process's own time as last seen. The
// last line is the whole machine's busy time over the run (/proc/stat), whoever used it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 && jsonAt < (dashes < 0 ? args.length : dashes) ? args[jsonAt + 1] : null;
const command = dashes >= 0 ? args.slice(dashes + 1) : [];
if (command.length === 0) {
  console.error('usage: node tools/scripts/cpu-by-task.mjs [--json FILE] -- <command...>');
  process.exit(2);
}

const TICKS = 100; // USER_HZ on Linux
const TASKS = [
  [/jest --config tools\/e2e/, () => 'e2e:journeys'],
  [/jest --config apps\/api/, () => 'api:test-run'],
  [/jest --config (\S+?)\/jest/, (m) => `${m[1]}:test`],
  [/vitest.*?((?:apps|libs)\/[\w-]+)/, (m) => `${m[1]}:test`],
  [/vite build.*?((?:apps|libs)\/[\w-]+)/, (m) => `${m[1]}:build`],
  [/lint-all\.mjs/, () => 'architecture:lint-all'],
  [/typecheck\.mjs --all/, () => 'architecture:typecheck-all'],
  [/eslint (\S+)/, (m) => `${m[1]}:lint`],
  [/typecheck\.mjs (\S+)/, (m) => `${m[1]}:typecheck`],
  [/bench\/bundle/, () => 'bench:test'],
];
const taskOf = (cmdline) => {
  for (const [pattern, name] of TASKS) {
    const match = pattern.exec(cmdline);
    if (match) return name(match);
  }
  return null;
};

const commands = new Map(); // pid -> command line, read once
const readStat = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return {
      ppid: Number(fields[1]),
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      cpu: (utime + stime + cutime + cstime) / TICKS,
      own: (utime + stime) / TICKS,
      startedAt: fields[19],
    };
  } catch {
    return null;
  }
};
const cmdlineOf = (pid) => {
  if (!commands.has(pid)) {
    try {
      commands.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      commands.set(pid, '');
    }
  }
  return commands.get(pid);
};

/** Busy CPU seconds of the whole machine since boot (every state of /proc/stat's cpu line but idle and iowait). */
const machineBusy = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return ticks.reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + t), 0) / TICKS;
};
const machineAtStart = machineBusy();
const chromiumOwn = new Map(); // pid:start -> the process's own CPU since the run started, as last seen
const chromiumBefore = new Map(); // pid:start -> its CPU when the run started (a process already running then)
let samples = 0;

const started = Date.now();
const tasks = new Map(); // root pid -> { name, cpu, first, last }
let postgresAtStart = null;
let postgresNow = 0;
const sample = () => {
  const now = (Date.now() - started) / 1000;
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) procs.set(Number(entry), stat);
  }
  // The PostgreSQL server: its postmaster's own time and its reaped backends'.
  const postmaster = [...procs].find(([, s]) => s.comm === 'postgres' && procs.get(s.ppid)?.comm !== 'postgres');
  if (postmaster) {
    const live = [...procs.values()].filter((s) => s.comm === 'postgres' && s.ppid === postmaster[0]).reduce((sum, s) => sum + s.cpu, 0);
    postgresNow = postmaster[1].cpu + live;
    postgresAtStart ??= postgresNow;
  }
  for (const [pid, stat] of procs) {
    if (!stat.comm.startsWith('chromium')) continue;
    const key = `${pid}:${stat.startedAt}`;
    if (samples === 0) chromiumBefore.set(key, stat.own);
    chromiumOwn.set(key, stat.own - (chromiumBefore.get(key) ?? 0));
  }
  samples += 1;
  const totals = new Map();
  for (const [pid, stat] of procs) {
    // Only the command's own process tree: other runs on the machine are not this run's.
    let root = null;
    let ours = false;
    for (let at = pid; procs.has(at) && at > 1; at = procs.get(at).ppid) {
      if (at === child.pid) ours = true;
      else if (taskOf(cmdlineOf(at))) root = at;
    }
    if (ours && root !== null) totals.set(root, (totals.get(root) ?? 0) + stat.cpu);
  }
  for (const [root, cpu] of totals) {
    const task = tasks.get(root) ?? { name: taskOf(cmdlineOf(root)), cpu: 0, first: now, last: now };
    task.cpu = Math.max(task.cpu, cpu);
    task.last = now;
    tasks.set(root, task);
  }
};

const timer = setInterval(sample, 1000);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('exit', (code) => {
  clearInterval(timer);
  sample();
  const byName = new Map();
  for (const task of tasks.values()) {
    const sum = byName.get(task.name) ?? { name: task.name, cpu: 0, wall: 0, start: task.first };
    sum.cpu += task.cpu;
    sum.wall += task.last - task.first;
    sum.start = Math.min(sum.start, task.first);
    byName.set(task.name, sum);
  }
  const rows = [...byName.values()].sort((a, b) => b.cpu - a.cpu);
  const wall = (Date.now() - started) / 1000;
  console.log(`\nCPU by task (user + system, s; wall s from the task's first to its last sample; whole run ${wall.toFixed(0)} s):`);
  for (const row of rows) console.log(`  ${row.name.padEnd(40)} ${row.cpu.toFixed(1).padStart(7)} ${row.wall.toFixed(0).padStart(6)}   from ${row.start.toFixed(0)} s`);
  const total = rows.reduce((sum, row) => sum + row.cpu, 0);
  console.log(`  ${'all tasks'.padEnd(40)} ${total.toFixed(1).padStart(7)}`);
  if (postgresAtStart !== null) console.log(`  ${'postgres (server)'.padEnd(40)} ${(postgresNow - postgresAtStart).toFixed(1).padStart(7)}`);
  const chromium = [...chromiumOwn.values()].reduce((sum, cpu) => sum + cpu, 0);
  const machine = machineBusy() - machineAtStart;
  console.log(`  ${'chromium (every process)'.padEnd(40)} ${chromium.toFixed(1).padStart(7)}`);
  console.log(`  ${'the whole machine (/proc/stat)'.padEnd(40)} ${machine.toFixed(1).padStart(7)}`);
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ wall, tasks: rows, postgres: postgresAtStart === null ? null : postgresNow - postgresAtStart, chromium, machine }, null, 1));
  process.exit(code ?? 1);
});
