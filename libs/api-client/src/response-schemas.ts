import type { ApiEndpoint, ApiResponse } from '@merchant-hub/validation';
import type { LazyResponseSchema } from './http-client';

// The response schemas the fetchers parse with, imported on first use: the client parses only in development
// and tests, so a production page's first load carries neither zod nor the schemas.
const schemaSet = () => import('./response-schema-set');

/**
 * The shared schema of a call's answer (`METHOD /path` as `apiResponseSchemas` of `@merchant-hub/validation`
 * names it), loaded lazily. Every fetcher passes one: the API's contract test reads this library's calls and
 * fails on a call whose endpoint it does not test, or whose path or method is not the endpoint's.
 */
export const responseOf =
  <E extends ApiEndpoint>(endpoint: E): LazyResponseSchema<ApiResponse<E>> =>
  () =>
    schemaSet().then((set) => set.apiResponseSchemas[endpoint]);
