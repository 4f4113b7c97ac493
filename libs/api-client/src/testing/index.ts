// Test helpers of the API client (`@merchant-hub/api-client/testing`), for Vitest component tests only: never
// imported by application code, so Mock Service Worker stays out of every bundle.
export { checkFakeRoute, endpointOf, installFakeApi } from './fake-api';
export type { Call, FakeApi, FakeRoute } from './fake-api';
