import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { PaymentGateway } from './port';

/*
 * No gateway call is ever made while a database transaction of ours is open (issue 25 item 6): on SQLite the one
 * write transaction would wait for the provider (another merchant's sign-in took 4 s while Stripe took 3 s), on
 * PostgreSQL the merchant's row lock would. This makes a breach visible: every transaction run through
 * `db.transaction(fn)` marks its async context, and every call of a gateway method made in such a context is
 * reported (logged in production, collected by the tests, which fail on it).
 */

const inTransaction = new AsyncLocalStorage<true>();
/** Set inside the gateway's own grouping (the sandbox's `batch`): its own transaction, none of ours. */
const gatewayOwnWork = new AsyncLocalStorage<true>();
const TRACKED = Symbol('merchant-hub:transactions-tracked');

/** The log line of a breach. */
export const GATEWAY_CALL_IN_TRANSACTION = 'payment gateway called while a database transaction is open';

/** The port's calls that reach the provider. */
const GATEWAY_CALLS: ReadonlySet<string> = new Set([
  'createCustomer',
  'createSetupIntent',
  'attachPaymentMethod',
  'detachPaymentMethod',
  'charge',
  'chargeMany',
  'createBankRedirect',
  'retrievePayment',
  'findPaymentByKey',
  'refund',
]);

/** Marks the async context of every `db.transaction(fn)` (idempotent: a database is wrapped once). */
export const trackTransactions = (db: Knex): void => {
  const marked = db as Knex & { [TRACKED]?: true };
  if (marked[TRACKED]) return;
  Object.defineProperty(marked, TRACKED, { value: true });
  const original = db.transaction.bind(db) as (...args: unknown[]) => unknown;
  const wrapped = (container?: unknown, config?: unknown): unknown => {
    if (typeof container !== 'function') return original(container, config);
    const fn = container as (trx: Knex.Transaction) => unknown;
    return original((trx: Knex.Transaction) => inTransaction.run(true, () => fn(trx)), config);
  };
  // Knex defines `transaction` read-only but configurable.
  Object.defineProperty(db, 'transaction', { value: wrapped, writable: false, enumerable: false, configurable: true });
};

/** True while a transaction of ours is open in this async context (the gateway's own grouping excepted). */
export const transactionOpen = (): boolean => inTransaction.getStore() === true && gatewayOwnWork.getStore() !== true;

/** The gateway, with each call checked: `report(method)` hears of every call made while a transaction is open. */
export const guardGateway = <G extends PaymentGateway>(gateway: G, report: (method: string) => void): G =>
  new Proxy(gateway, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const method = String(prop);
      if (method === 'batch') {
        return <T>(work: (exec: unknown) => Promise<T>) => (value as (w: (exec: unknown) => Promise<T>) => Promise<T>).call(target, (exec) => gatewayOwnWork.run(true, () => work(exec)));
      }
      if (!GATEWAY_CALLS.has(method)) return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        if (transactionOpen()) report(method);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
