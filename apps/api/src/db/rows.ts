import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { dbClient } from './knex';

/** The database or an open transaction: every repository function takes either. */
export type Exec = Knex | Knex.Transaction;

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
export const iso = (seconds: number | null): string | null => (seconds === null ? null : new Date(seconds * 1000).toISOString());
export const num = (value: unknown): number => Number(value);
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** PostgreSQL row lock (optionally skipping rows another instance holds); SQLite has one writer already. */
export const lockForUpdate = <T extends Knex.QueryBuilder>(exec: Exec, query: T, skipLocked = false, of: string[] = []): T => {
  if (dbClient(exec as Knex) !== 'postgres') return query;
  // `of`: the tables whose rows to lock when the query joins others (PostgreSQL cannot lock an outer join's nullable side).
  const locked = of.length > 0 ? query.forUpdate(...of) : query.forUpdate();
  return (skipLocked ? locked.skipLocked() : locked) as T;
};

/** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
export const inTransaction = <T>(db: Knex, fn: (tx: Knex.Transaction) => Promise<T>): Promise<T> => db.transaction(fn);

/** Readiness: the database answers. */
export const pingDatabase = async (db: Knex): Promise<void> => {
  await db.raw('select 1');
};

/** SQL types a value list is cast to (the same names mean the same on PostgreSQL and SQLite). */
export type ValueType = 'bigint' | 'integer' | 'text';

/**
 * Many rows' columns set in one statement, each row by its key: `update t set a = v.column2, … from (values
 * (…), (…)) as v where t.key = v.column1` (PostgreSQL, and SQLite since 3.33). The first column is the key.
 * The values are cast, so PostgreSQL knows their types from the parameters alone.
 */
export const updateFromValues = async (exec: Exec, table: string, columns: readonly (readonly [name: string, type: ValueType])[], rows: readonly (readonly unknown[])[]): Promise<void> => {
  if (rows.length === 0) return;
  const [key, ...set] = columns;
  const tuple = `(${columns.map(([, type]) => `cast(? as ${type})`).join(', ')})`;
  const assignments = set.map(([name], i) => `"${name}" = v.column${i + 2}`).join(', ');
  await exec.raw(`update "${table}" set ${assignments} from (values ${rows.map(() => tuple).join(', ')}) as v where "${table}"."${key[0]}" = v.column1`, rows.flat() as Knex.Value[]);
};
