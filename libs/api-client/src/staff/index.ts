export * from './staff.api';
export * from './staff.queries';
export * from './search.api';
export * from './refunds.api';
export * from './refunds.queries';
export * from './subscription-controls.api';
export * from './subscription-controls.queries';
