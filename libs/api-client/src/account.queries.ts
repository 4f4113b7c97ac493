import type { Country, State, User } from '@merchant-hub/domain';
import type { LoginRequestInput, OtpStatusRequestInput, OtpSubmitInput } from '@merchant-hub/validation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import {
  checkOtpStatus,
  fetchCountries,
  fetchCurrentUser,
  fetchStates,
  login,
  logout,
  submitOtp,
} from './account.api';
import type { LoginResult, LogoutResult, OtpStatusResult, OtpSubmitResult } from './account.api';
import type { HttpClient } from './http-client';
import { useHttpClient } from './http-client-context';
import { queryKeys } from './query-keys';

/** Options a screen may set on a query hook; the key and the fetch belong to the hook. */
export type QueryHookOptions<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>;
/** Options a screen may set on a mutation hook (`meta`, `onSuccess`...); the call belongs to the hook. */
export type MutationHookOptions<TResult, TInput> = Omit<UseMutationOptions<TResult, Error, TInput>, 'mutationFn'>;

/** GET /api/user: the signed-in user; a 401 means nobody is signed in. */
export const useCurrentUser = (options: QueryHookOptions<User> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.user.current(),
    queryFn: ({ signal }) => fetchCurrentUser(http, signal),
    ...options,
  });
};

/** POST /api/login; the answer's user becomes the current user without another round trip. */
export const useLogin = (options: MutationHookOptions<LoginResult, LoginRequestInput> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: LoginRequestInput) => login(http, input),
    onSuccess: (result, ...rest) => {
      queryClient.setQueryData(queryKeys.user.current(), result.user);
      return options.onSuccess?.(result, ...rest);
    },
  });
};

/** POST /api/erpCheckOTPStatus: checks the password and sends a code unless the user skips it. */
export const useOtpStatus = (options: MutationHookOptions<OtpStatusResult, OtpStatusRequestInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: OtpStatusRequestInput) => checkOtpStatus(http, input) });
};

/** POST /api/erpSubmitOTP. */
export const useSubmitOtp = (options: MutationHookOptions<OtpSubmitResult, OtpSubmitInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: OtpSubmitInput) => submitOtp(http, input) });
};

/** GET /api/logout; everything cached belonged to that session, so all of it goes. */
export const useLogout = (options: MutationHookOptions<LogoutResult, void> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => logout(http),
    onSuccess: (result, ...rest) => {
      queryClient.clear();
      return options.onSuccess?.(result, ...rest);
    },
  });
};

// Countries and states are reference data that changes with a release, not during a visit.
const REFERENCE_DATA_STALE_MS = 60 * 60 * 1000;

/** GET /api/countries, for `useCountries` and a page that asks before it renders (`queryClient.prefetchQuery`). */
export const countriesQuery = (http: HttpClient) =>
  queryOptions<Country[], Error, Country[], QueryKey>({ queryKey: queryKeys.countries.lists(), queryFn: ({ signal }) => fetchCountries(http, signal), staleTime: REFERENCE_DATA_STALE_MS });

/** GET /api/countries. */
export const useCountries = (options: QueryHookOptions<Country[]> = {}) => useQuery({ ...countriesQuery(useHttpClient()), ...options });

/** GET /api/countries/{id}/states; waits until a country is chosen. */
export const useStates = (countryId: number | null | undefined, options: QueryHookOptions<State[]> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.states.list({ countryId }),
    queryFn: ({ signal }) => fetchStates(http, countryId as number, signal),
    enabled: countryId !== null && countryId !== undefined,
    staleTime: REFERENCE_DATA_STALE_MS,
    ...options,
  });
};
