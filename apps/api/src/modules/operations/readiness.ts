import type { Db } from '../../db/knex';
import { pendingMigrations } from '../../db/migrations';
import { pingDatabase } from '../../db/rows';

export type Readiness = { ready: boolean; checks: { database: 'ok' | 'down'; migrations: 'current' | 'pending' | 'unknown' } };

/** A database that does not answer within this long counts as down: the probe itself must not hang. */
export const READY_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Ready to take traffic: the database answers and has run every migration this build knows. An instance
 * started before its database was upgraded (or after a restore of an old backup) says so instead of serving.
 * Once migrations were seen current they are not listed again on every probe (they never un-run).
 */
export const readinessCheck = (db: Db, timeoutMs = READY_TIMEOUT_MS): (() => Promise<Readiness>) => {
  let migrationsCurrent = false;
  return async () => {
    try {
      await withTimeout(pingDatabase(db), timeoutMs);
    } catch {
      return { ready: false, checks: { database: 'down', migrations: 'unknown' } };
    }
    if (!migrationsCurrent) {
      try {
        migrationsCurrent = (await withTimeout(pendingMigrations(db), timeoutMs)).length === 0;
      } catch {
        return { ready: false, checks: { database: 'down', migrations: 'unknown' } };
      }
    }
    return { ready: migrationsCurrent, checks: { database: 'ok', migrations: migrationsCurrent ? 'current' : 'pending' } };
  };
};
