import type { Banner, User } from '@merchant-hub/domain';
import type {
  ContactChangeInfo,
  ContactChangeReport,
  ForgotPasswordInput,
  MerchantWizardInput,
  RegistrationInput,
  ResetPasswordInput,
  TrialEmailInput,
  TrialVerifyOtpInput,
  TrialVerifyRequestInput,
  UpdateUserInput,
  IpCountry,
  LoginResult,
  MessageResult,
  PhoneCode,
  ResetTokenInfo,
  ShopCategory,
  TrialOtpSent,
  TrialOtpVerified,
  TrialSettings,
  TrialVerifyResult,
  WizardTokenInfo,
} from '@merchant-hub/validation';
import { responseOf } from './response-schemas';
import type { HttpClient } from './http-client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : undefined);

export type {
  ContactChangeInfo,
  ContactChangeReport,
  Industry,
  IpCountry,
  MessageResult,
  PhoneCode,
  ResetTokenInfo,
  ShopCategory,
  TrialOtpSent,
  TrialOtpVerified,
  TrialSettings,
  TrialVerifyResult,
  WizardTokenInfo,
} from '@merchant-hub/validation';
export type BannerPlacement = 'login' | 'signup';
export type BannerQuery = { locale?: string; country?: string };
/** The wizard's fields with the two images as files (multipart), plus the link's token. */
export type MerchantWizardSubmission = Omit<MerchantWizardInput, 'storeImage' | 'merchantImage'> & {
  token: string;
  storeImage: File;
  merchantImage?: File | null;
};

export const fetchBanner = async (http: HttpClient, placement: BannerPlacement, query: BannerQuery, signal?: AbortSignal): Promise<Banner | null> => {
  const options = { query, ...withSignal(signal) };
  const body =
    placement === 'login'
      ? await http.get('/login-banner', { ...options, schema: responseOf('GET /login-banner') })
      : await http.get('/signup-banner', { ...options, schema: responseOf('GET /signup-banner') });
  return body.data;
};

export const fetchIpCountry = async (http: HttpClient, signal?: AbortSignal): Promise<IpCountry> =>
  (await http.get('/ip-country', { schema: responseOf('GET /ip-country'), ...withSignal(signal) })).data;

export const fetchPhoneCodes = async (http: HttpClient, signal?: AbortSignal): Promise<PhoneCode[]> =>
  (await http.get('/countries/getPhoneCode', { schema: responseOf('GET /countries/getPhoneCode'), ...withSignal(signal) })).data;

export const fetchShopCategories = async (http: HttpClient, signal?: AbortSignal): Promise<ShopCategory[]> =>
  (await http.get('/shop-category', { schema: responseOf('GET /shop-category'), ...withSignal(signal) })).data;

export const requestPasswordReset = (http: HttpClient, input: ForgotPasswordInput): Promise<MessageResult> =>
  http.post('/forgot-password', input, { schema: responseOf('POST /forgot-password') });

export const fetchResetToken = async (http: HttpClient, token: string, signal?: AbortSignal): Promise<ResetTokenInfo> =>
  (await http.get(`/forgot-password/token/${encodeURIComponent(token)}`, { schema: responseOf('GET /forgot-password/token/:token'), ...withSignal(signal) })).data;

export const fetchContactChange = async (http: HttpClient, token: string, signal?: AbortSignal): Promise<ContactChangeInfo> =>
  (await http.get(`/contact-change/${encodeURIComponent(token)}`, { schema: responseOf('GET /contact-change/:token'), ...withSignal(signal) })).data;

export const reportContactChange = async (http: HttpClient, token: string): Promise<ContactChangeReport> =>
  (await http.post(`/contact-change/${encodeURIComponent(token)}/report`, undefined, { schema: responseOf('POST /contact-change/:token/report') })).data;

export const changePassword = (http: HttpClient, input: ResetPasswordInput): Promise<MessageResult> =>
  http.post('/forgot-password/change', input, { schema: responseOf('POST /forgot-password/change') });

export const activateAccount = (http: HttpClient, token: string): Promise<MessageResult> =>
  http.patch(`/signup/activate/${encodeURIComponent(token)}`, undefined, { schema: responseOf('PATCH /signup/activate/:token') });

export const fetchUser = async (http: HttpClient, id: number, signal?: AbortSignal): Promise<User> =>
  (await http.get(`/users/${id}`, { schema: responseOf('GET /users/:id'), ...withSignal(signal) })).data;

export const updateUser = async (http: HttpClient, id: number, input: UpdateUserInput): Promise<User> =>
  (await http.put(`/users/${id}`, input, { schema: responseOf('PUT /users/:id') })).data;

export const uploadAvatar = async (http: HttpClient, id: number, file: File): Promise<User> => {
  const body = new FormData();
  body.append('image', file);
  return (await http.post(`/users/${id}/avatar`, body, { schema: responseOf('POST /users/:id/avatar') })).data;
};

export const fetchTrialSettings = async (http: HttpClient, signal?: AbortSignal): Promise<TrialSettings> =>
  (await http.get('/trial/getSettings', { schema: responseOf('GET /trial/getSettings'), ...withSignal(signal) })).data;

export const trialVerifyEmail = (http: HttpClient, input: TrialEmailInput): Promise<{ valid: boolean; message: string }> =>
  http.post('/trial/verifyEmail', input, { schema: responseOf('POST /trial/verifyEmail') });

export const trialVerify = (http: HttpClient, input: TrialVerifyRequestInput): Promise<TrialVerifyResult> =>
  http.post('/trial/verify', input, { schema: responseOf('POST /trial/verify') });

export const trialResendOtp = (http: HttpClient, input: TrialEmailInput): Promise<TrialOtpSent> =>
  http.post('/trial/resendOTP', input, { schema: responseOf('POST /trial/resendOTP') });

export const trialVerifyOtp = (http: HttpClient, input: TrialVerifyOtpInput): Promise<TrialOtpVerified> =>
  http.post('/trial/verifyOTP', input, { schema: responseOf('POST /trial/verifyOTP') });

export const trialRegister = (http: HttpClient, input: RegistrationInput): Promise<LoginResult> =>
  http.post('/trial/register', input, { schema: responseOf('POST /trial/register') });

export const fetchWizardToken = async (http: HttpClient, token: string, signal?: AbortSignal): Promise<WizardTokenInfo> =>
  (await http.get(`/create-merchant/${encodeURIComponent(token)}`, { schema: responseOf('GET /create-merchant/:token'), ...withSignal(signal) })).data;

export const createMerchant = (http: HttpClient, input: MerchantWizardSubmission): Promise<LoginResult> => {
  const body = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    body.append(name, value instanceof File ? value : String(value));
  }
  return http.post('/create-merchant', body, { schema: responseOf('POST /create-merchant') });
};
