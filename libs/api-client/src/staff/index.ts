export * from './staff.api';
export * from './staff.queries';
export * from './refunds.api';
export * from './refunds.queries';
