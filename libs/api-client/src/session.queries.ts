import type { Banner, User } from '@merchant-hub/domain';
import type {
  ForgotPasswordInput,
  RegistrationInput,
  ResetPasswordInput,
  TrialEmailInput,
  TrialVerifyOtpInput,
  TrialVerifyRequestInput,
  UpdateUserInput,
} from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from './account.queries';
import type { LoginResult } from './account.api';
import { useHttpClient } from './http-client-context';
import { queryKeys } from './query-keys';
import {
  activateAccount,
  changePassword,
  createMerchant,
  fetchBanner,
  fetchContactChange,
  fetchIpCountry,
  fetchPhoneCodes,
  fetchResetToken,
  fetchShopCategories,
  fetchTrialSettings,
  fetchWizardToken,
  reportContactChange,
  requestPasswordReset,
  trialRegister,
  trialResendOtp,
  trialVerify,
  trialVerifyEmail,
  trialVerifyOtp,
  updateUser,
  uploadAvatar,
} from './session.api';
import type {
  BannerPlacement,
  BannerQuery,
  ContactChangeInfo,
  ContactChangeReport,
  IpCountry,
  MerchantWizardSubmission,
  MessageResult,
  PhoneCode,
  ResetTokenInfo,
  ShopCategory,
  TrialOtpSent,
  TrialOtpVerified,
  TrialSettings,
  TrialVerifyResult,
  WizardTokenInfo,
} from './session.api';

// Reference lists and banners change with a release, not during a visit.
const STATIC_STALE_MS = 60 * 60 * 1000;

/** GET /api/login-banner or /api/signup-banner. */
export const useBanner = (placement: BannerPlacement, query: BannerQuery = {}, options: QueryHookOptions<Banner | null> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.banners.list({ placement, ...query }),
    queryFn: ({ signal }) => fetchBanner(http, placement, query, signal),
    staleTime: STATIC_STALE_MS,
    // A missing banner leaves an empty panel; it is never worth a notification.
    meta: { handlesError: true },
    ...options,
  });
};

/** GET /api/ip-country: Taiwan visitors start in Traditional Chinese. */
export const useIpCountry = (options: QueryHookOptions<IpCountry> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.ipCountry.all,
    queryFn: ({ signal }) => fetchIpCountry(http, signal),
    staleTime: STATIC_STALE_MS,
    meta: { handlesError: true },
    ...options,
  });
};

/** GET /api/countries/getPhoneCode. */
export const usePhoneCodes = (options: QueryHookOptions<PhoneCode[]> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.phoneCodes.lists(),
    queryFn: ({ signal }) => fetchPhoneCodes(http, signal),
    staleTime: STATIC_STALE_MS,
    ...options,
  });
};

/** GET /api/shop-category. */
export const useShopCategories = (options: QueryHookOptions<ShopCategory[]> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.shopCategories.lists(),
    queryFn: ({ signal }) => fetchShopCategories(http, signal),
    staleTime: STATIC_STALE_MS,
    ...options,
  });
};

/** POST /api/forgot-password. */
export const useForgotPassword = (options: MutationHookOptions<MessageResult, ForgotPasswordInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: ForgotPasswordInput) => requestPasswordReset(http, input) });
};

/** GET /api/forgot-password/token/{token}: the e-mail a reset link belongs to. */
export const useResetToken = (token: string, options: QueryHookOptions<ResetTokenInfo> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.resetTokens.detail(token),
    queryFn: ({ signal }) => fetchResetToken(http, token, signal),
    retry: false,
    meta: { handlesError: true },
    ...options,
  });
};

/** GET /api/contact-change/{token}: what a change-notice link is about. */
export const useContactChange = (token: string, options: QueryHookOptions<ContactChangeInfo> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.contactChanges.detail(token),
    queryFn: ({ signal }) => fetchContactChange(http, token, signal),
    retry: false,
    meta: { handlesError: true },
    ...options,
  });
};

/** POST /api/contact-change/{token}/report: "this was not me". */
export const useReportContactChange = (options: MutationHookOptions<ContactChangeReport, string> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (token: string) => reportContactChange(http, token) });
};

/** POST /api/forgot-password/change. */
export const useChangePassword = (options: MutationHookOptions<MessageResult, ResetPasswordInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: ResetPasswordInput) => changePassword(http, input) });
};

/** PATCH /api/signup/activate/{token}. */
export const useActivateAccount = (options: MutationHookOptions<MessageResult, string> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (token: string) => activateAccount(http, token) });
};

/** PUT /api/users/{id}; the answer becomes the current user. */
export const useUpdateUser = (options: MutationHookOptions<User, UpdateUserInput & { id: number }> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }: UpdateUserInput & { id: number }) => updateUser(http, id, input),
    onSuccess: (user, ...rest) => {
      queryClient.setQueryData(queryKeys.user.current(), user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.details() });
      return options.onSuccess?.(user, ...rest);
    },
  });
};

/** POST /api/users/{id}/avatar (multipart `image`). */
export const useUploadAvatar = (options: MutationHookOptions<User, { id: number; file: File }> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadAvatar(http, id, file),
    onSuccess: (user, ...rest) => {
      queryClient.setQueryData(queryKeys.user.current(), user);
      return options.onSuccess?.(user, ...rest);
    },
  });
};

/** GET /api/trial/getSettings: languages, countries, industries and currencies of the store step. */
export const useTrialSettings = (options: QueryHookOptions<TrialSettings> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.trialSettings.all,
    queryFn: ({ signal }) => fetchTrialSettings(http, signal),
    staleTime: STATIC_STALE_MS,
    ...options,
  });
};

/** POST /api/trial/verifyEmail. */
export const useTrialVerifyEmail = (options: MutationHookOptions<{ valid: boolean; message: string }, TrialEmailInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: TrialEmailInput) => trialVerifyEmail(http, input) });
};

/** POST /api/trial/verify: server check of the first form, then a code to the mobile number. */
export const useTrialVerify = (options: MutationHookOptions<TrialVerifyResult, TrialVerifyRequestInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: TrialVerifyRequestInput) => trialVerify(http, input) });
};

/** POST /api/trial/resendOTP. */
export const useTrialResendOtp = (options: MutationHookOptions<TrialOtpSent, TrialEmailInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: TrialEmailInput) => trialResendOtp(http, input) });
};

/** POST /api/trial/verifyOTP. */
export const useTrialVerifyOtp = (options: MutationHookOptions<TrialOtpVerified, TrialVerifyOtpInput> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: (input: TrialVerifyOtpInput) => trialVerifyOtp(http, input) });
};

/** POST /api/trial/register: creates account and store and signs in. */
export const useTrialRegister = (options: MutationHookOptions<LoginResult, RegistrationInput> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: RegistrationInput) => trialRegister(http, input),
    onSuccess: (result, ...rest) => {
      queryClient.setQueryData(queryKeys.user.current(), result.user);
      return options.onSuccess?.(result, ...rest);
    },
  });
};

/** GET /api/create-merchant/{token}: who the wizard link was sent to. */
export const useWizardToken = (token: string, options: QueryHookOptions<WizardTokenInfo> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.wizardTokens.detail(token),
    queryFn: ({ signal }) => fetchWizardToken(http, token, signal),
    retry: false,
    meta: { handlesError: true },
    ...options,
  });
};

/** POST /api/create-merchant (multipart): creates the merchant and signs in. */
export const useCreateMerchant = (options: MutationHookOptions<LoginResult, MerchantWizardSubmission> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: MerchantWizardSubmission) => createMerchant(http, input),
    onSuccess: (result, ...rest) => {
      queryClient.setQueryData(queryKeys.user.current(), result.user);
      return options.onSuccess?.(result, ...rest);
    },
  });
};
