import fs from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';

export type Db = Knex;
export type DbClient = 'sqlite' | 'postgres';

export type DbOptions = { url: string; searchPath?: string };

type SqliteStatement = { reader: boolean };
type SqliteConnection = { pragma: (sql: string) => unknown; prepare: (sql: string) => SqliteStatement };

/** See afterCreate below and docs/architecture.md ("SQLite durability"). */
export const SQLITE_SYNCHRONOUS = 'FULL';
const STATEMENT_CACHE_SIZE = 500;

/**
 * Knex's better-sqlite3 dialect prepares every statement anew (about an eighth of a request's CPU); the same
 * SQL text reuses its prepared statement instead. Statements are run to completion (`all`/`run`) before the
 * next one starts, so one statement object per text is safe; SQLite re-prepares it after a schema change.
 */
const cachePreparedStatements = (conn: SqliteConnection): void => {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, SqliteStatement>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      // Most recently used last: the first key is the one to evict.
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    return statement;
  };
};

/** `sqlite:<path>` (`sqlite::memory:` for tests) or `postgres://…`. */
export const createDb = ({ url, searchPath }: DbOptions): Db => {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const inMemory = file === ':memory:';
    if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    return knex({
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
      // An in-memory database lives in one connection: a second one would be a different, empty database.
      pool: {
        min: 1,
        max: 1,
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
          if (!inMemory) conn.pragma('journal_mode = WAL');
          // FULL (SQLite's own default, kept explicit): every commit syncs the WAL, so a charge on record stays on
          // record after a power loss too. The renewal engine commits a batch of merchants at once, so the sync
          // is paid once per batch, not once per renewal (see docs/architecture.md, "SQLite durability").
          conn.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          cachePreparedStatements(conn);
          done(null, conn);
        },
      },
    });
  }
  return knex({
    client: 'pg',
    connection: url,
    searchPath: searchPath ? [searchPath] : undefined,
    pool: { min: 0, max: 10 },
  });
};

export const dbClient = (db: Db): DbClient => (db.client.config.client === 'pg' ? 'postgres' : 'sqlite');

/** SQLite returns epoch milliseconds for the Dates we bind, PostgreSQL returns Date objects. */
export const asDate = (value: unknown): Date => {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  throw new TypeError(`not a date: ${String(value)}`);
};

export const asDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : asDate(value));

/** Inserts one row and returns its generated id on both SQLite and PostgreSQL. */
export const insertId = async (db: Knex | Knex.Transaction, table: string, row: Record<string, unknown>): Promise<number> => {
  const [result] = await db(table).insert(row).returning('id');
  return Number(typeof result === 'object' && result !== null ? (result as { id: number }).id : result);
};

/**
 * The rows of prebuilt SQL (`?` placeholders), skipping the query builder on hot reads: better-sqlite3 answers
 * `raw` with the rows, pg with a result holding them.
 */
export const rawRows = async <T = Record<string, unknown>>(db: Knex | Knex.Transaction, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> => {
  const result = (await db.raw(sql, bindings as Knex.Value[])) as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
};
