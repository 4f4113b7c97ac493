export * from './settings.api';
export * from './settings.queries';
