import type { EcpayCreateOrderInput, FpxCheckoutRequestInput } from '@merchant-hub/validation';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import type { HttpClient } from '../http-client';
import { useHttpClient } from '../http-client-context';
import {
  checkAndRegisterFpx,
  checkEmailAvailable,
  createCardSetup,
  createEcpayOrder,
  createFpxPayment,
  fetchCheckoutConfig,
  fetchCheckoutPackage,
  fetchPaymentStatus,
  retryCheckoutSignIn,
  setCheckoutPaymentMethod,
  signInWithTicket,
  validateCheckoutCoupon,
} from './checkout.api';
import type { CheckoutConfig, CheckoutPackage, CheckoutPaymentStatus, SetPaymentMethodInput } from './checkout.api';

/** The checkout's own key factory: the buyer is not signed in, so nothing here is shared with the back office. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  package: (id: number) => ['checkout', 'package', id] as const,
  paymentStatus: (token: string) => ['checkout', 'payment-status', token] as const,
  config: ['checkout', 'config'] as const,
};

/** Spec §4: the plan is asked for up to three times before the page gives up. */
export const PACKAGE_LOAD_ATTEMPTS = 3;

export const checkoutPackageQuery = (http: HttpClient, packageId: number) =>
  queryOptions<CheckoutPackage, Error, CheckoutPackage, QueryKey>({
    queryKey: checkoutKeys.package(packageId),
    queryFn: ({ signal }) => fetchCheckoutPackage(http, packageId, signal),
    retry: PACKAGE_LOAD_ATTEMPTS - 1,
    retryDelay: 500,
    meta: { handlesError: true },
  });

export const useCheckoutPackage = (packageId: number, options: QueryHookOptions<CheckoutPackage> = {}) =>
  useQuery({ ...checkoutPackageQuery(useHttpClient(), packageId), ...options });

/** The result page asks again on its own timer (every 120 s while pending), never on focus. */
/** The gateway is fixed for the server's lifetime: asked once per page. */
export const checkoutConfigQuery = (http: HttpClient) =>
  queryOptions<CheckoutConfig, Error, CheckoutConfig, QueryKey>({ queryKey: checkoutKeys.config, queryFn: ({ signal }) => fetchCheckoutConfig(http, signal), staleTime: Infinity, retry: 2 });

export const useCheckoutConfig = (options: QueryHookOptions<CheckoutConfig> = {}) => useQuery({ ...checkoutConfigQuery(useHttpClient()), ...options });

export const usePaymentStatus = (token: string, options: QueryHookOptions<CheckoutPaymentStatus> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: checkoutKeys.paymentStatus(token),
    queryFn: ({ signal }) => fetchPaymentStatus(http, token, signal),
    refetchOnWindowFocus: false,
    retry: 1,
    staleTime: 0,
    gcTime: 0,
    ...options,
  });
};

const useCall = <TInput, TResult>(call: (input: TInput) => Promise<TResult>, options: MutationHookOptions<TResult, TInput>) =>
  useMutation({ meta: { handlesError: true }, ...options, mutationFn: call });

export const useCheckEmail = (options: MutationHookOptions<boolean, string> = {}) => {
  const http = useHttpClient();
  return useCall((email: string) => checkEmailAvailable(http, email), options);
};

export const useCreateEcpayOrder = (options: MutationHookOptions<Awaited<ReturnType<typeof createEcpayOrder>>, EcpayCreateOrderInput> = {}) => {
  const http = useHttpClient();
  return useCall((input: EcpayCreateOrderInput) => createEcpayOrder(http, input), options);
};

export const useTicketSignIn = (options: MutationHookOptions<Awaited<ReturnType<typeof signInWithTicket>>, string> = {}) => {
  const http = useHttpClient();
  return useCall((ticket: string) => signInWithTicket(http, ticket), options);
};

export const useValidateCheckoutCoupon = (options: MutationHookOptions<Awaited<ReturnType<typeof validateCheckoutCoupon>>, { coupon: string; package_id: number }> = {}) => {
  const http = useHttpClient();
  return useCall((input: { coupon: string; package_id: number }) => validateCheckoutCoupon(http, input), options);
};

export const useCreateCardSetup = (options: MutationHookOptions<Awaited<ReturnType<typeof createCardSetup>>, { email: string; name?: string }> = {}) => {
  const http = useHttpClient();
  return useCall((input: { email: string; name?: string }) => createCardSetup(http, input), options);
};

export const useSetCheckoutPaymentMethod = (options: MutationHookOptions<Awaited<ReturnType<typeof setCheckoutPaymentMethod>>, SetPaymentMethodInput> = {}) => {
  const http = useHttpClient();
  return useCall((input: SetPaymentMethodInput) => setCheckoutPaymentMethod(http, input), options);
};

export const useRetryCheckoutSignIn = (options: MutationHookOptions<Awaited<ReturnType<typeof retryCheckoutSignIn>>, string> = {}) => {
  const http = useHttpClient();
  return useCall((paymentMethod: string) => retryCheckoutSignIn(http, paymentMethod), options);
};

export const useCreateFpxPayment = (options: MutationHookOptions<Awaited<ReturnType<typeof createFpxPayment>>, FpxCheckoutRequestInput> = {}) => {
  const http = useHttpClient();
  return useCall((input: FpxCheckoutRequestInput) => createFpxPayment(http, input), options);
};

export const useCheckAndRegisterFpx = (options: MutationHookOptions<Awaited<ReturnType<typeof checkAndRegisterFpx>>, string> = {}) => {
  const http = useHttpClient();
  return useCall((paymentIntentId: string) => checkAndRegisterFpx(http, paymentIntentId), options);
};
