import type { Country, LoginResponse, OtpData, RoleName, State, User } from '@merchant-hub/domain';
import { userEnvelopeSchema } from './response-schemas';
import type { LoginRequestInput, OtpStatusRequestInput, OtpSubmitInput } from '@merchant-hub/validation';
import type { HttpClient } from './http-client';

/** POST /api/login also says which roles the session holds and for how long. */
export type LoginResult = LoginResponse & { role_names: RoleName[]; role_names_expires_in: number };

/** POST /api/erpCheckOTPStatus: whether a code was sent, or the user may skip it. */
export type OtpStatusResult = {
  success: boolean;
  skip_otp: boolean;
  message: string;
  otp_data: OtpData | null;
  out_off_credit_store: string[];
  /** The mail server did not take the code yet: it is queued and retried (the code screen says so). */
  mail_delayed?: boolean;
};

export type OtpSubmitResult = { success: boolean; message: string; otp_data: OtpData };

export type LogoutResult = { success: boolean; message: string };

type DataEnvelope<T> = { data: T };

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : undefined);

export const fetchCurrentUser = async (http: HttpClient, signal?: AbortSignal): Promise<User> =>
  (await http.get('/user', { schema: userEnvelopeSchema, ...withSignal(signal) })).data;

export const login = (http: HttpClient, input: LoginRequestInput): Promise<LoginResult> =>
  http.post<LoginResult>('/login', input);

export const checkOtpStatus = (http: HttpClient, input: OtpStatusRequestInput): Promise<OtpStatusResult> =>
  http.post<OtpStatusResult>('/erpCheckOTPStatus', input);

export const submitOtp = (http: HttpClient, input: OtpSubmitInput): Promise<OtpSubmitResult> =>
  http.post<OtpSubmitResult>('/erpSubmitOTP', input);

export const logout = (http: HttpClient): Promise<LogoutResult> => http.get<LogoutResult>('/logout');

// The spec gives countries as a list and states under `data.states`; a bare array is read the same way.
export const fetchCountries = async (http: HttpClient, signal?: AbortSignal): Promise<Country[]> => {
  const body = await http.get<DataEnvelope<Country[]> | Country[]>('/countries', withSignal(signal));
  return Array.isArray(body) ? body : body.data;
};

export const fetchStates = async (http: HttpClient, countryId: number, signal?: AbortSignal): Promise<State[]> =>
  (await http.get<DataEnvelope<{ states: State[] }>>(`/countries/${countryId}/states`, withSignal(signal))).data.states;
