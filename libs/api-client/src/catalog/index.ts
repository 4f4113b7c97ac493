export * from './catalog.api';
export * from './catalog.queries';
