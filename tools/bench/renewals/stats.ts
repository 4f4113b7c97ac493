import fs from 'node:fs';
import type { Knex } from 'knex';

/** What `--stats` prints: statements by shape (count, summed and longest time), CPU per renewal of both sides. */
export type RunStats = { stop: (n: number, seconds: number, admin: Knex) => Promise<string[]> };

/** Tags the schedulers' PostgreSQL connections, so their backends' CPU can be read from /proc after the run. */
export const APPLICATION_NAME = 'renewal-bench';

/** A statement's shape: bindings and value lists folded, so a batch's INSERT of 200 rows counts as one kind. */
const shapeOf = (sql: string): string =>
  sql
    .replace(/\$\d+/g, '?')
    .replace(/(\(\s*cast\(\? as \w+\)(, cast\(\? as \w+\))*\)(, )?)+/g, '(…)')
    .replace(/(\?, )+\?/g, '?…')
    .replace(/(\(\?…?\), )+\(\?…?\)/g, '(…), …')
    .replace(/(when \? then cast\(\? as \w+\) )+/g, 'when … ')
    .slice(0, 140);

/** CPU seconds (user + system) of the PostgreSQL backends serving `APPLICATION_NAME` (same machine). */
const backendSeconds = async (admin: Knex): Promise<{ backends: number; seconds: number }> => {
  const pids: number[] = (await admin.raw(`select pid from pg_stat_activity where application_name = ?`, [APPLICATION_NAME])).rows.map((row: { pid: number }) => row.pid);
  let ticks = 0;
  for (const pid of pids) {
    // Fields after the command name: utime and stime are the 14th and 15th of the line, in clock ticks (100/s).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return { backends: pids.length, seconds: ticks / 100 };
};

export const watchRun = (dbs: Knex[], pg: boolean): RunStats => {
  const shapes = new Map<string, { count: number; ms: number; max: number }>();
  const started = new Map<string, bigint>();
  for (const db of dbs) {
    db.on('query', (query: { __knexQueryUid: string }) => started.set(query.__knexQueryUid, process.hrtime.bigint()));
    db.on('query-response', (_rows: unknown, query: { __knexQueryUid: string; sql: string }) => {
      const t0 = started.get(query.__knexQueryUid);
      if (t0 === undefined) return;
      started.delete(query.__knexQueryUid);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const shape = shapes.get(shapeOf(query.sql)) ?? { count: 0, ms: 0, max: 0 };
      shapes.set(shapeOf(query.sql), { count: shape.count + 1, ms: shape.ms + ms, max: Math.max(shape.max, ms) });
    });
  }
  const cpu = process.cpuUsage();
  return {
    stop: async (n, seconds, admin) => {
      const own = process.cpuUsage(cpu);
      const lines: string[] = [];
      if (pg) {
        const { backends, seconds: pgSeconds } = await backendSeconds(admin);
        lines.push(`  PostgreSQL backends (${backends}): ${((pgSeconds * 1e6) / n).toFixed(0)} µs CPU per renewal`);
      }
      lines.push(`  bench process (schedulers, Knex, sandbox gateway${pg ? '' : ', SQLite'}): ${((own.user + own.system) / n).toFixed(0)} µs CPU per renewal`);
      const all = [...shapes.values()];
      const count = all.reduce((sum, s) => sum + s.count, 0);
      const summed = all.reduce((sum, s) => sum + s.ms, 0) / 1000;
      lines.push(`  ${count} statements (${((count / n) * 200).toFixed(1)} per 200 renewals), ${summed.toFixed(2)} s summed over ${seconds.toFixed(2)} s of wall time:`);
      for (const [shape, s] of [...shapes.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
        lines.push(`  ${String(s.count).padStart(6)} ${(s.ms / 1000).toFixed(2).padStart(6)} s  avg ${(s.ms / s.count).toFixed(1).padStart(6)} ms  max ${s.max.toFixed(0).padStart(4)}  ${shape}`);
      }
      return lines;
    },
  };
};
