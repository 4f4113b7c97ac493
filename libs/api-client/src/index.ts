export { ApiError, errorMessageKeys, isApiError, isSessionError, parseApiError } from './api-error';
export type { ApiErrorInit, ClientErrorCode, FieldErrors } from './api-error';
export { CSRF_HEADER, CSRF_HEADER_VALUE, DEFAULT_TIMEOUT_MS, createHttpClient } from './http-client';
export type { HttpClient, HttpClientOptions, HttpMethod, QueryParams, RequestOptions } from './http-client';
export { HttpClientProvider, useHttpClient } from './http-client-context';
export type { HttpClientProviderProps } from './http-client-context';
export { createQueryKeys, queryKeys } from './query-keys';
export { createQueryClient, shouldRetryQuery } from './query-client';
export type { CreateQueryClientOptions, RequestMeta } from './query-client';
export {
  checkOtpStatus,
  fetchCountries,
  fetchCurrentUser,
  fetchStates,
  login,
  logout,
  submitOtp,
} from './account.api';
export type { LoginResult, LogoutResult, OtpStatusResult, OtpSubmitResult } from './account.api';
export {
  useCountries,
  useCurrentUser,
  useLogin,
  useLogout,
  useOtpStatus,
  useStates,
  useSubmitOtp,
} from './account.queries';
export type { MutationHookOptions, QueryHookOptions } from './account.queries';
