import type { Country, State, User } from '@merchant-hub/domain';
import type { LoginRequestInput, LoginResult, OtpStatusRequestInput, OtpStatusResult, OtpSubmitInput, OtpSubmitResult, LogoutResult } from '@merchant-hub/validation';
import { responseOf } from './response-schemas';
import type { HttpClient } from './http-client';

/** POST /api/login also says which roles the session holds and for how long; POST /api/erpCheckOTPStatus whether a code was sent. */
export type { LoginResult, LogoutResult, OtpStatusResult, OtpSubmitResult } from '@merchant-hub/validation';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : undefined);

export const fetchCurrentUser = async (http: HttpClient, signal?: AbortSignal): Promise<User> =>
  (await http.get('/user', { schema: responseOf('GET /user'), ...withSignal(signal) })).data;

export const login = (http: HttpClient, input: LoginRequestInput): Promise<LoginResult> =>
  http.post('/login', input, { schema: responseOf('POST /login') });

export const checkOtpStatus = (http: HttpClient, input: OtpStatusRequestInput): Promise<OtpStatusResult> =>
  http.post('/erpCheckOTPStatus', input, { schema: responseOf('POST /erpCheckOTPStatus') });

export const submitOtp = (http: HttpClient, input: OtpSubmitInput): Promise<OtpSubmitResult> =>
  http.post('/erpSubmitOTP', input, { schema: responseOf('POST /erpSubmitOTP') });

export const logout = (http: HttpClient): Promise<LogoutResult> => http.get('/logout', { schema: responseOf('GET /logout') });

// The spec gives countries as a list and states under `data.states`; a bare array is read the same way.
export const fetchCountries = async (http: HttpClient, signal?: AbortSignal): Promise<Country[]> => {
  const body = await http.get('/countries', { schema: responseOf('GET /countries'), ...withSignal(signal) });
  return Array.isArray(body) ? body : body.data;
};

export const fetchStates = async (http: HttpClient, countryId: number, signal?: AbortSignal): Promise<State[]> =>
  (await http.get(`/countries/${countryId}/states`, { schema: responseOf('GET /countries/:id/states'), ...withSignal(signal) })).data.states;
