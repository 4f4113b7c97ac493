import fs from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';

export type Db = Knex;
export type DbClient = 'sqlite' | 'postgres';

export type DbOptions = { url: string; searchPath?: string };

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
        afterCreate: (conn: { pragma: (sql: string) => unknown }, done: (err: Error | null, conn: unknown) => void) => {
          if (!inMemory) conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
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
