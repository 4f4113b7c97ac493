import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createDb } from '../db/knex';
import { migrateLatest, migrations } from '../db/migrations';

const workspaceRoot = path.resolve(__dirname, '../../../..');
const script = path.join(workspaceRoot, 'tools/scripts/db-backup.mjs');

const runBackup = (env: Record<string, string>, out: string): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--out', out], { cwd: workspaceRoot, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

describe('npm run db:backup', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-backup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies a consistent snapshot while another connection keeps writing; the copy opens, passes its integrity check and has the rows', async () => {
    const file = path.join(dir, 'live.sqlite');
    const knex = createDb({ url: `sqlite:${file}` });
    await migrateLatest(knex);
    await knex.destroy();

    // The "API": a WAL connection writing pairs of rows in one transaction each, never checkpointed by hand.
    const live = new Database(file);
    live.pragma('journal_mode = WAL');
    // Committed rows stay in the WAL file (as between the API's checkpoints): a copy of the main file alone
    // would miss them; the backup API reads through the WAL.
    live.pragma('wal_autocheckpoint = 0');
    live.exec('create table backup_pairs (id integer primary key, pair integer not null, payload text not null)');
    const insert = live.prepare('insert into backup_pairs (pair, payload) values (?, ?)');
    let pair = 0;
    const writePairs = live.transaction((count: number) => {
      for (let i = 0; i < count; i += 1) {
        pair += 1;
        insert.run(pair, 'x'.repeat(2000));
        insert.run(pair, 'y'.repeat(2000));
      }
    });
    writePairs(3000);
    const committedBefore = pair * 2;

    let writing = true;
    let writtenDuring = 0;
    const writer = (async () => {
      while (writing) {
        writePairs(20);
        writtenDuring += 40;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const out = path.join(dir, 'copies', 'backup.sqlite');
    const result = await runBackup({ DATABASE_URL: `sqlite:${file}` }, out);
    writing = false;
    await writer;
    live.close();

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/integrity ok/);
    expect(writtenDuring).toBeGreaterThan(0);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);

    const copy = new Database(out, { readonly: true });
    expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const rows = (copy.prepare('select count(*) as n from backup_pairs').get() as { n: number }).n;
    // Everything committed before the backup began, and no transaction cut in half.
    expect(rows).toBeGreaterThanOrEqual(committedBefore);
    expect(rows % 2).toBe(0);
    const halfPairs = copy.prepare('select count(*) as n from (select pair from backup_pairs group by pair having count(*) <> 2)').get() as { n: number };
    expect(halfPairs.n).toBe(0);
    expect((copy.prepare('select count(*) as n from knex_migrations').get() as { n: number }).n).toBe(migrations.length);
    copy.close();
    console.log(`db:backup: ${rows} rows in the copy (${committedBefore} committed before it began, ${writtenDuring} written while it ran)`);
  }, 60_000);

  it('refuses a PostgreSQL URL and points to pg_dump', async () => {
    const result = await runBackup({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }, path.join(dir, 'pg.sqlite'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/pg_dump/);
  });
});
