/*
 * Every query of the staff console, by capability (the only Knex callers of the module besides
 * `audit.repository.ts`).
 */
export * from './repositories/adjustments.repository';
export * from './repositories/directory.repository';
export * from './repositories/idempotency.repository';
export * from './repositories/merchants.repository';
export * from './repositories/timeline.repository';
