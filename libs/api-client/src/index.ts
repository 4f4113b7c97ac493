export { apiLink } from './api-link';
export { ApiError, declineKeyOf, errorMessageKeys, errorValuesOf, hasErrorCode, isApiError, isSessionError, parseApiError } from './api-error';
export type { ApiErrorInit, ClientErrorCode, FieldErrors, KnownErrorCode } from './api-error';
export type { ApiEndpoint, ApiResponse, ErrorCode } from '@merchant-hub/validation';
export { CSRF_HEADER, CSRF_HEADER_VALUE, DEFAULT_TIMEOUT_MS, createHttpClient, fetchInOwnTask } from './http-client';
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
  countriesQuery,
  useCountries,
  useCurrentUser,
  useLogin,
  useLogout,
  useOtpStatus,
  useStates,
  useSubmitOtp,
} from './account.queries';
export type { MutationHookOptions, QueryHookOptions } from './account.queries';
export {
  activateAccount,
  changePassword,
  createMerchant,
  fetchBanner,
  fetchIpCountry,
  fetchPhoneCodes,
  fetchResetToken,
  fetchShopCategories,
  fetchTrialSettings,
  fetchUser,
  fetchWizardToken,
  requestPasswordReset,
  trialRegister,
  trialResendOtp,
  trialVerify,
  trialVerifyEmail,
  trialVerifyOtp,
  updateUser,
  uploadAvatar,
} from './session.api';
export type {
  BannerPlacement,
  BannerQuery,
  ContactChangeInfo,
  ContactChangeReport,
  Industry,
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
export {
  useActivateAccount,
  useBanner,
  useChangePassword,
  useContactChange,
  useCreateMerchant,
  useForgotPassword,
  useIpCountry,
  usePhoneCodes,
  useReportContactChange,
  useResetToken,
  useShopCategories,
  useTrialRegister,
  useTrialResendOtp,
  useTrialSettings,
  useTrialVerify,
  useTrialVerifyEmail,
  useTrialVerifyOtp,
  useUpdateUser,
  useUploadAvatar,
  useWizardToken,
} from './session.queries';
export {
  addCard,
  addCoupon,
  cancelTrialingPackage,
  changePlan,
  authenticationRedirectOf,
  confirmLateSubscribeFpx,
  confirmRetryPaymentFpx,
  createRetryPaymentFpxIntent,
  confirmPayment,
  createLateSubscribeFpxIntent,
  createLateSubscribeIntent,
  createSandboxPaymentMethod,
  createSetupIntent,
  deleteCard,
  fetchAddOnAmount,
  fetchAddOnPackage,
  fetchBillingHistory,
  fetchBillingOverview,
  fetchCreditBalance,
  fetchMerchantStores,
  fetchPlanChangePreview,
  lateSubscribe,
  mustSubscribeOf,
  resumePlan,
  threeDsReturnOf,
  retryPayment,
  setPrimaryCard,
  subscribeAddOn,
  unsubscribePlan,
  updateBillingInfo,
} from './billing.api';
export type {
  AddOnAmount,
  AddOnPackageDetail,
  AuthenticationRedirect,
  BillingOverview,
  ConfirmPaymentResult,
  FpxIntent,
  MerchantStoreRow,
  MessageResponse,
  MustSubscribe,
  NewSandboxCard,
  PlanChangePreview,
  PlanChangePreviewLine,
  PlanChangeResult,
  SandboxPaymentMethod,
  SetupIntent,
} from './billing.api';
export {
  billingKeys,
  useAddCard,
  useAddCoupon,
  useAddOnAmount,
  useAddOnPackage,
  useBillingHistory,
  useBillingOverview,
  useCancelTrialingPackage,
  useChangePlan,
  useConfirmPayment,
  useConfirmLateSubscribeFpx,
  useConfirmRetryPaymentFpx,
  useCreateRetryPaymentFpxIntent,
  usePayInvoiceWithEcpay,
  useCreateLateSubscribeFpxIntent,
  useCreateLateSubscribeIntent,
  useCreateSandboxPaymentMethod,
  useCreateSetupIntent,
  useCreditBalance,
  useDeleteCard,
  useLateSubscribe,
  useMerchantStores,
  usePlanChangePreview,
  useResume,
  useRetryPayment,
  useSetPrimaryCard,
  useSubscribeAddOn,
  useUnsubscribe,
  useUpdateBillingInfo,
} from './billing.queries';
export type { CreditBalanceCursor } from './billing.queries';
export * from './checkout';
export * from './staff';
export * from './catalog';
export * from './team';
export * from './support';
export * from './settings';
