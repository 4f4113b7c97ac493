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

/**
 * One request's place for its in-transaction work and check, opened by `onBehalfRoutes` and carried to the
 * engine by the request's actor (`withMerchant(actor, …)`). Passed explicitly rather than through an
 * AsyncLocalStorage: on Node 20 one active AsyncLocalStorage puts a hook on every promise of the process, about
 * 7 % of a billing read's CPU (issue 12).
 */
export type OnBehalfScope = { work: InTransactionWork | null; check: InTransactionCheck | null };

const scopes = new WeakMap<object, OnBehalfScope>();

/** Opens the request's scope (once per request; a second call keeps the first). */
export const openOnBehalfScope = (req: object): OnBehalfScope => {
  const open = scopes.get(req);
  if (open) return open;
  const scope: OnBehalfScope = { work: null, check: null };
  scopes.set(req, scope);
  return scope;
};

/** The request's scope, if its route opened one. */
export const onBehalfScopeOf = (req: object): OnBehalfScope | undefined => scopes.get(req);

/** Sets the work of the request (outside `onBehalfRoutes`: false, nothing was set). */
export const setTransactionWork = (req: object, work: InTransactionWork): boolean => {
  const scope = scopes.get(req);
  if (!scope) return false;
  scope.work = work;
  return true;
};

/** Takes the request's work (once: a second transaction of the same request does not repeat it). */
export const takeTransactionWork = (scope: OnBehalfScope | undefined): InTransactionWork | null => {
  const work = scope?.work ?? null;
  if (scope) scope.work = null;
  return work;
};

/** Sets the check of the request (a staff preview token: the account must not have changed). */
export const setTransactionPrecondition = (req: object, check: InTransactionCheck): void => {
  const scope = scopes.get(req);
  if (scope) scope.check = check;
};

/** Takes the request's check, run once in its first merchant transaction. */
export const takeTransactionPrecondition = (scope: OnBehalfScope | undefined): InTransactionCheck | null => {
  const check = scope?.check ?? null;
  if (scope) scope.check = null;
  return check;
};

/**
 * For a change that commits in several transactions (an on-session charge: prepared, charged, recorded): `scope`
 * is the first transaction's, with the request's check and work. `keep()`, called inside it, leaves the work to
 * the transaction that records the outcome (the request's own scope again); `restore()` after a failed first
 * transaction puts both back (a request that starts over runs its check again).
 */
export const holdTransactionWork = (scope: OnBehalfScope | undefined): { scope: OnBehalfScope | undefined; keep: () => void; restore: () => void } => {
  if (!scope) return { scope: undefined, keep: () => undefined, restore: () => undefined };
  const original = { check: scope.check, work: scope.work };
  const first: OnBehalfScope = { ...original };
  scope.check = null;
  scope.work = null;
  let kept = false;
  return {
    scope: first,
    keep: () => {
      kept = true;
      scope.work = first.work;
      first.work = null;
    },
    restore: () => {
      if (kept) return;
      scope.check = original.check;
      scope.work = original.work;
    },
  };
};
