export * from './checkout.api';
export * from './checkout.queries';
