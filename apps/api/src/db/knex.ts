import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import knex, { type Knex } from 'knex';

export type Db = Knex;
export type DbClient = 'sqlite' | 'postgres';

export type DbOptions = {
  url: string;
  searchPath?: string;
  /** `sqlite::memory:` only: the database starts as a copy of this image (`serializeSqlite`), e.g. the tests' seeded template. */
  image?: Buffer;
};

type SqliteStatement = { reader: boolean };
type SqliteConnection = { pragma: (sql: string) => unknown; prepare: (sql: string) => SqliteStatement };
type SqliteReader = { rows: (sql: string, bindings: readonly Knex.Value[]) => unknown[] | undefined };

/** See afterCreate below and docs/architecture.md ("SQLite durability"). */
export const SQLITE_SYNCHRONOUS = 'FULL';
const STATEMENT_CACHE_SIZE = 500;

/**
 * Knex's better-sqlite3 dialect prepares every statement anew (about an eighth of a request's CPU); the same
 * SQL text reuses its prepared statement instead. Statements are run to completion (`all`/`run`) before the
 * next one starts, so one statement object per text is safe; SQLite re-prepares it after a schema change.
 */
const statementCache = <S>(prepare: (sql: string) => S): ((sql: string) => S) => {
  const cache = new Map<string, S>();
  return (sql) => {
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

const cachePreparedStatements = (conn: SqliteConnection): void => {
  conn.prepare = statementCache(conn.prepare.bind(conn));
};

/** The readers of SQLite file databases, by their Knex instance (see rawRows). */
const readers = new WeakMap<Knex, SqliteReader>();

/** A binding better-sqlite3 takes as it is once converted as Knex's dialect does; anything else goes through Knex. */
const sqliteBinding = (value: Knex.Value): unknown => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value);
const plainBinding = (value: Knex.Value): boolean => value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value);

/**
 * A second, read-only connection to a SQLite file for the hot reads of rawRows (the session, the billing read's
 * revision and rows). It skips Knex's runner and its one-connection pool, which cost several times
 * what SQLite does for these statements (issue 12), and, being its own connection in WAL mode, it reads the
 * last committed state without waiting for a transaction in progress on the writer (which it never sees
 * half-done). Opened on first use once the file exists (until then Knex answers); closed with the Knex instance.
 */
const attachReader = (db: Knex, file: string): void => {
  let connection: Database.Database | undefined;
  let closed = false;
  let prepare: ((sql: string) => Database.Statement) | undefined;
  readers.set(db, {
    rows: (sql, bindings) => {
      if (closed) return undefined;
      if (!connection) {
        if (!fs.existsSync(file)) return undefined;
        connection = new Database(file, { readonly: true, fileMustExist: true });
        connection.pragma('busy_timeout = 5000');
        prepare = statementCache((text) => (connection as Database.Database).prepare(text));
      }
      const statement = (prepare as (sql: string) => Database.Statement)(sql);
      // A write (or a statement returning no rows) goes to the writer, through Knex.
      if (!statement.readonly || !statement.reader) return undefined;
      // Knex's query events still report it (statement counts in tests, DEBUG=knex:query).
      if (db.listenerCount('query') > 0) db.emit('query', { sql, bindings, method: 'raw' });
      return statement.all(bindings.map(sqliteBinding));
    },
  });
  // `knex.destroy()` (read-only on the instance) hands over to its client's.
  const client = db.client as { destroy: (callback?: unknown) => Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = (callback) => {
    closed = true;
    connection?.close();
    connection = undefined;
    return destroy(callback);
  };
};

/** `sqlite:<path>` (`sqlite::memory:` for tests) or `postgres://…`. */
export const createDb = ({ url, searchPath, image }: DbOptions): Db => {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const inMemory = file === ':memory:';
    if (image && !inMemory) throw new Error('an image opens only as an in-memory SQLite database');
    if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const db = knex({
      client: 'better-sqlite3',
      // better-sqlite3 opens a Buffer as an in-memory database holding a copy of it (Knex's type says text only).
      connection: { filename: (image ?? file) as string },
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
    if (!inMemory) attachReader(db, file);
    return db;
  }
  return knex({
    client: 'pg',
    connection: url,
    searchPath: searchPath ? [searchPath] : undefined,
    pool: { min: 0, max: 10 },
  });
};

/** The whole of an in-memory SQLite database as one buffer (a database file's bytes), for `createDb`'s `image`. */
export const serializeSqlite = async (db: Db): Promise<Buffer> => {
  const connection = (await db.client.acquireConnection()) as Database.Database;
  try {
    return connection.serialize();
  } finally {
    await db.client.releaseConnection(connection);
  }
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
 * The rows of prebuilt SQL (`?` placeholders, scalar bindings), skipping the query builder on hot reads. Outside
 * a transaction a SQLite file is read through its reader connection (see attachReader); otherwise through Knex:
 * better-sqlite3 answers `raw` with the rows, pg with a result holding them.
 */
export const rawRows = async <T = Record<string, unknown>>(db: Knex | Knex.Transaction, sql: string, bindings: readonly Knex.Value[]): Promise<T[]> => {
  const reader = db.isTransaction ? undefined : readers.get(db as Knex);
  const rows = reader && bindings.every(plainBinding) && !sql.includes('??') && !sql.includes('\\?') ? reader.rows(sql, bindings) : undefined;
  if (rows) return rows as T[];
  const result = (await db.raw(sql, bindings as Knex.Value[])) as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
};
