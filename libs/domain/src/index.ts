export * from './market';
export * from './billing';
export * from './account';
