import type { Banner, Country, CurrencyOption, Language, User } from '@merchant-hub/domain';
import type {
  ForgotPasswordInput,
  MerchantWizardInput,
  RegistrationInput,
  ResetPasswordInput,
  TrialEmailInput,
  TrialVerifyOtpInput,
  TrialVerifyRequestInput,
  UpdateUserInput,
} from '@merchant-hub/validation';
import type { LoginResult } from './account.api';
import { userEnvelopeSchema } from './response-schemas';
import type { HttpClient } from './http-client';

type DataEnvelope<T> = { data: T };
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : undefined);

export type MessageResult = { success: boolean; message: string };
export type BannerPlacement = 'login' | 'signup';
export type BannerQuery = { locale?: string; country?: string };
export type IpCountry = { country: string; locale: string };
export type ResetTokenInfo = { email: string; forgot_password_token: string };
export type WizardTokenInfo = { email: string; firstname: string; lastname: string };
export type ShopCategory = { id: number; name: string };
export type PhoneCode = Country & { phone_code: string };
export type Industry = { id: number; name: string };
export type TrialSettings = {
  languages: Language[];
  /** Each country with the currency its market sells in: the sign-up form derives the store's currency from it. */
  countries: (Country & { currency_code: string })[];
  industries: Industry[];
  currencies: (CurrencyOption & { name?: string })[];
};
export type TrialVerifyResult = { valid: true; found: { nextOTP: number }; message: string };
export type TrialOtpSent = { success: true; nextOTP: number; message: string };
export type TrialOtpVerified = { success: true; verified: true; message: string };
/** The wizard's fields with the two images as files (multipart), plus the link's token. */
export type MerchantWizardSubmission = Omit<MerchantWizardInput, 'storeImage' | 'merchantImage'> & {
  token: string;
  storeImage: File;
  merchantImage?: File | null;
};

export const fetchBanner = async (http: HttpClient, placement: BannerPlacement, query: BannerQuery, signal?: AbortSignal) =>
  (await http.get<DataEnvelope<Banner | null>>(`/${placement}-banner`, { query, ...withSignal(signal) })).data;

export const fetchIpCountry = async (http: HttpClient, signal?: AbortSignal): Promise<IpCountry> =>
  (await http.get<DataEnvelope<IpCountry>>('/ip-country', withSignal(signal))).data;

export const fetchPhoneCodes = async (http: HttpClient, signal?: AbortSignal): Promise<PhoneCode[]> =>
  (await http.get<DataEnvelope<PhoneCode[]>>('/countries/getPhoneCode', withSignal(signal))).data;

export const fetchShopCategories = async (http: HttpClient, signal?: AbortSignal): Promise<ShopCategory[]> =>
  (await http.get<DataEnvelope<ShopCategory[]>>('/shop-category', withSignal(signal))).data;

export const requestPasswordReset = (http: HttpClient, input: ForgotPasswordInput) =>
  http.post<MessageResult>('/forgot-password', input);

export const fetchResetToken = async (http: HttpClient, token: string, signal?: AbortSignal): Promise<ResetTokenInfo> =>
  (await http.get<DataEnvelope<ResetTokenInfo>>(`/forgot-password/token/${encodeURIComponent(token)}`, withSignal(signal))).data;

export const changePassword = (http: HttpClient, input: ResetPasswordInput) =>
  http.post<MessageResult>('/forgot-password/change', input);

export const activateAccount = (http: HttpClient, token: string) =>
  http.patch<MessageResult>(`/signup/activate/${encodeURIComponent(token)}`);

export const fetchUser = async (http: HttpClient, id: number, signal?: AbortSignal): Promise<User> =>
  (await http.get(`/users/${id}`, { schema: userEnvelopeSchema, ...withSignal(signal) })).data;

export const updateUser = async (http: HttpClient, id: number, input: UpdateUserInput): Promise<User> =>
  (await http.put(`/users/${id}`, input, { schema: userEnvelopeSchema })).data;

export const uploadAvatar = async (http: HttpClient, id: number, file: File): Promise<User> => {
  const body = new FormData();
  body.append('image', file);
  return (await http.post<DataEnvelope<User>>(`/users/${id}/avatar`, body)).data;
};

export const fetchTrialSettings = async (http: HttpClient, signal?: AbortSignal): Promise<TrialSettings> =>
  (await http.get<DataEnvelope<TrialSettings>>('/trial/getSettings', withSignal(signal))).data;

export const trialVerifyEmail = (http: HttpClient, input: TrialEmailInput) =>
  http.post<{ valid: boolean; message: string }>('/trial/verifyEmail', input);

export const trialVerify = (http: HttpClient, input: TrialVerifyRequestInput) => http.post<TrialVerifyResult>('/trial/verify', input);

export const trialResendOtp = (http: HttpClient, input: TrialEmailInput) => http.post<TrialOtpSent>('/trial/resendOTP', input);

export const trialVerifyOtp = (http: HttpClient, input: TrialVerifyOtpInput) => http.post<TrialOtpVerified>('/trial/verifyOTP', input);

export const trialRegister = (http: HttpClient, input: RegistrationInput) => http.post<LoginResult>('/trial/register', input);

export const fetchWizardToken = async (http: HttpClient, token: string, signal?: AbortSignal): Promise<WizardTokenInfo> =>
  (await http.get<DataEnvelope<WizardTokenInfo>>(`/create-merchant/${encodeURIComponent(token)}`, withSignal(signal))).data;

export const createMerchant = (http: HttpClient, input: MerchantWizardSubmission): Promise<LoginResult> => {
  const body = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    body.append(name, value instanceof File ? value : String(value));
  }
  return http.post<LoginResult>('/create-merchant', body);
};
