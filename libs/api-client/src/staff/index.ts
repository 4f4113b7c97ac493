export * from './staff.api';
export * from './staff.queries';
