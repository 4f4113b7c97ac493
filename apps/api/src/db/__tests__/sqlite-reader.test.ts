import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db, rawRows } from '../knex';

/**
 * rawRows reads a SQLite file through a read-only connection of its own (db/knex.ts, attachReader): the same
 * rows as Knex would give, the last committed state without waiting for a transaction in progress, writes and
 * transactions still through Knex.
 */
describe('rawRows on a SQLite file', () => {
  let dir: string;
  let db: Db;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-reader-'));
    db = createDb({ url: `sqlite:${path.join(dir, 'reader.sqlite')}` });
    await db.schema.createTable('things', (table) => {
      table.increments('id');
      table.string('name').notNullable();
      table.bigInteger('at');
      table.boolean('done');
    });
    await db('things').insert({ name: 'first', at: new Date(1_700_000_000_000), done: true });
  });

  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Resolves with the promise's value, or with 'waiting' as soon as a query waits for Knex's one connection (held
   * by the open transaction, so it would wait for ever): a condition, not a time limit a busy machine could pass.
   */
  const withoutWaiting = async <T>(promise: Promise<T>): Promise<T | 'waiting'> => {
    let settled = false;
    const pool = (db.client as { pool: { numPendingAcquires: () => number } }).pool;
    const waiting = (async () => {
      while (!settled && pool.numPendingAcquires() === 0) await new Promise((resolve) => setImmediate(resolve));
      return 'waiting' as const;
    })();
    try {
      return await Promise.race([promise, waiting]);
    } finally {
      settled = true;
    }
  };

  it('answers as Knex does, binding dates and booleans the way its dialect does', async () => {
    const sql = 'select id, name, at, done from things where at = ? and done = ? and name <> ? order by id';
    const bindings = [new Date(1_700_000_000_000), true, 'nobody'];
    const seen: string[] = [];
    db.on('query', (query: { sql: string }) => seen.push(query.sql));
    const rows = await rawRows(db, sql, bindings);
    expect(rows).toEqual([{ id: 1, name: 'first', at: 1_700_000_000_000, done: 1 }]);
    expect(rows).toEqual(await db.raw(sql, bindings));
    // The query event still reports a read the reader answered.
    expect(seen.filter((text) => text === sql)).toHaveLength(2);
  });

  it('reads the last committed rows while a transaction is open, without waiting for it', async () => {
    let commit: () => void = () => undefined;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let inserted: () => void = () => undefined;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx('things').insert({ name: 'uncommitted', at: null, done: false });
      // The transaction sees its own row.
      expect(await rawRows(tx, 'select name from things order by id', [])).toEqual([{ name: 'first' }, { name: 'uncommitted' }]);
      inserted();
      await committed;
    });
    await insertDone;
    // Knex's one connection is held by the transaction: only the reader can answer now.
    expect(await withoutWaiting(rawRows(db, 'select name from things order by id', []))).toEqual([{ name: 'first' }]);
    commit();
    await transaction;
    expect(await rawRows(db, 'select name from things order by id', [])).toEqual([{ name: 'first' }, { name: 'uncommitted' }]);
  });

  it('sends a write to the writer through Knex', async () => {
    const rows = await rawRows<{ id: number }>(db, 'insert into things (name) values (?) returning id', ['written']);
    expect(rows).toEqual([{ id: 2 }]);
    expect(await db('things').where({ id: 2 }).first('name')).toEqual({ name: 'written' });
  });

  it('leaves a file that does not exist yet to Knex, which makes it', async () => {
    const fresh = createDb({ url: `sqlite:${path.join(dir, 'fresh.sqlite')}` });
    try {
      expect(await rawRows(fresh, 'select 1 as one', [])).toEqual([{ one: 1 }]);
      expect(fs.existsSync(path.join(dir, 'fresh.sqlite'))).toBe(true);
    } finally {
      await fresh.destroy();
    }
  });

  it('leaves nothing open once the database is destroyed', async () => {
    await rawRows(db, 'select count(*) as n from things', []);
    await db.destroy();
    await expect(rawRows(db, 'select count(*) as n from things', [])).rejects.toThrow();
    // Reopened by a new instance (destroy in afterEach is harmless twice).
    db = createDb({ url: `sqlite:${path.join(dir, 'reader.sqlite')}` });
    expect(await rawRows(db, 'select count(*) as n from things', [])).toEqual([{ n: 1 }]);
  });
});
