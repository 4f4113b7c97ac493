import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { AppError } from '../../../http/errors';

/**
 * Work a request has to do inside the merchant's billing transaction (staff acting on a merchant's behalf:
 * the audit entry of the change). The engine runs it just before it commits, with the error the request will
 * answer when the transaction commits a failure (`failAfterCommit`), so the entry commits or rolls back with
 * the change it records.
 */
export type InTransactionWork = (tx: Knex.Transaction, failure: AppError | null) => Promise<void>;

/** A check the request needs to pass inside the merchant's locked transaction, before its change runs. */
export type InTransactionCheck = (tx: Knex.Transaction) => Promise<void>;

const scope = new AsyncLocalStorage<{ work: InTransactionWork | null; check: InTransactionCheck | null }>();

/** Runs one request's handler with a place for its in-transaction work. */
export const runWithTransactionWork = <T>(fn: () => Promise<T>): Promise<T> => scope.run({ work: null, check: null }, fn);

/** Sets the work of the current request (outside `runWithTransactionWork`: false, nothing was set). */
export const setTransactionWork = (work: InTransactionWork): boolean => {
  const store = scope.getStore();
  if (!store) return false;
  store.work = work;
  return true;
};

/** Takes the current request's work (once: a second transaction of the same request does not repeat it). */
export const takeTransactionWork = (): InTransactionWork | null => {
  const store = scope.getStore();
  const work = store?.work ?? null;
  if (store) store.work = null;
  return work;
};

/** Sets the check of the current request (a staff preview token: the account must not have changed). */
export const setTransactionPrecondition = (check: InTransactionCheck): void => {
  const store = scope.getStore();
  if (store) store.check = check;
};

/** Takes the current request's check, run once in its first merchant transaction. */
export const takeTransactionPrecondition = (): InTransactionCheck | null => {
  const store = scope.getStore();
  const check = store?.check ?? null;
  if (store) store.check = null;
  return check;
};
