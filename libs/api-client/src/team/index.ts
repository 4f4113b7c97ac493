export * from './team.api';
export * from './team.queries';
