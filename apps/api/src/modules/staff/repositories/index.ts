/*
 * Every query of the staff console, by capability (the module's only Knex callers; the audit log's are
 * modules/audit).
 */
export * from './adjustments.repository';
export * from './directory.repository';
export * from './idempotency.repository';
export * from './merchants.repository';
export * from './timeline.repository';
export * from './search.repository';
export * from './notes.repository';
