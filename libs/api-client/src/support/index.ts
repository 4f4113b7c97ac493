export * from './support.api';
export * from './support.queries';
