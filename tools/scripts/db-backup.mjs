#!/usr/bin/env node
// `npm run db:backup [-- --out <file>]`: a consistent online backup of the SQLite database named by
// DATABASE_URL (default sqlite:data/merchant-hub.sqlite), taken with SQLite's backup API through
// better-sqlite3 while the API keeps running and writing. The copy is then opened and checked
// (PRAGMA integrity_check) before the script reports success. PostgreSQL: see docs/operations.md (pg_dump).
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const url = process.env.DATABASE_URL ?? 'sqlite:data/merchant-hub.sqlite';

if (!url.startsWith('sqlite:')) {
  console.error('db:backup backs up SQLite only. For PostgreSQL use pg_dump (docs/operations.md, "Backups").');
  process.exit(2);
}
const source = resolve(url.slice('sqlite:'.length));
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : `backups/merchant-hub-${stamp}.sqlite`);
mkdirSync(dirname(target), { recursive: true });
// Written beside the target and renamed once checked: a half-written file never carries the final name.
const partial = `${target}.partial`;
rmSync(partial, { force: true });

const db = new Database(source, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  // Every remaining page in one step: the copy is one read transaction, a single snapshot, and writers
  // (WAL mode) carry on meanwhile. Small steps would restart whenever another connection wrote.
  await db.backup(partial, { progress: () => 0x7fffffff });
} finally {
  db.close();
}

const copy = new Database(partial, { readonly: true });
const [check] = copy.pragma('integrity_check');
const tables = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
copy.close();
if (check?.integrity_check !== 'ok') {
  console.error(`Backup failed its integrity check: ${JSON.stringify(check)}`);
  rmSync(partial, { force: true });
  process.exit(1);
}
renameSync(partial, target);
console.log(`Backed up ${source} to ${target} (${tables} tables, integrity ok).`);
