export * from './staff.api';
export * from './staff.queries';
export * from './search.api';
