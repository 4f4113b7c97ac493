export * from './staff.api';
export * from './staff.queries';
export * from './search.api';
export * from './refunds.api';
export * from './refunds.queries';
export * from './notes.api';
export * from './notes.queries';
