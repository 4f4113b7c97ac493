export * from './staff.api';
export * from './staff.queries';
export * from './search.api';
export * from './refunds.api';
export * from './refunds.queries';
