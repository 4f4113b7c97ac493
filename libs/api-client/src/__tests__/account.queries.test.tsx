import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCountries, useCurrentUser, useLogin, useLogout, useOtpStatus, useStates, useSubmitOtp } from '../account.queries';
import { createHttpClient } from '../http-client';
import { HttpClientProvider } from '../http-client-context';
import { queryKeys } from '../query-keys';
import { type FakeRoute, installFakeApi } from '../testing';
import { user } from './fixtures';


const api = installFakeApi();

const setup = (...routes: FakeRoute[]) => {
  const calls = api.use(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HttpClientProvider client={createHttpClient()}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </HttpClientProvider>
  );
  return { calls, queryClient, wrapper };
};

describe('account hooks', () => {
  it('useCurrentUser reads the user out of the data envelope', async () => {
    const { calls, wrapper } = setup({ path: '/user', body: { data: user } });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.email).toBe('merchant-my@demo.test');
    expect(calls[0].url).toBe('/api/user');
  });

  it('useLogin posts the credentials and stores the returned user as the current one', async () => {
    const { calls, queryClient, wrapper } = setup({
      method: 'POST',
      path: '/login',
      body: { user, access_token: 't', expires_at: '2026-12-01T00:00:00Z', message: 'ok', expires_in: 7200, role_names: ['main_user'], role_names_expires_in: 7200 },
    });
    const { result } = renderHook(() => useLogin(), { wrapper });
    result.current.mutate({ email: user.email, password: 'Merchant2026', locale: 'en' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/login');
    expect(calls[0].body).toEqual({ email: user.email, password: 'Merchant2026', locale: 'en' });
    expect(queryClient.getQueryData(queryKeys.user.current())).toEqual(user);
  });

  it('useOtpStatus and useSubmitOtp post to the spec paths', async () => {
    const otpData = { email: user.email, mobile_attempts_left: 5, mobile_verify_code_sent_at: 1, seconds_of_validation: 300, mobile_last_attempt_date: null, attempts_ban_seconds: 0 };
    const { calls, wrapper } = setup(
      { method: 'POST', path: '/erpCheckOTPStatus', body: { success: true, skip_otp: false, message: 'OTP sent', otp_data: otpData, out_off_credit_store: [] } },
      { method: 'POST', path: '/erpSubmitOTP', body: { success: true, message: 'OTP verified', otp_data: otpData } },
    );
    const status = renderHook(() => useOtpStatus(), { wrapper });
    status.result.current.mutate({ email: user.email, password: 'Merchant2026' });
    await waitFor(() => expect(status.result.current.data?.skip_otp).toBe(false));
    const submit = renderHook(() => useSubmitOtp(), { wrapper });
    submit.result.current.mutate({ email: user.email, code: '123456' });
    await waitFor(() => expect(submit.result.current.data?.message).toBe('OTP verified'));
    expect(calls.map((call) => call.url)).toEqual(['/api/erpCheckOTPStatus', '/api/erpSubmitOTP']);
  });

  it('useLogout forgets everything cached for the session', async () => {
    const { calls, queryClient, wrapper } = setup({ path: '/logout', body: { success: true, message: 'Logged out' } });
    queryClient.setQueryData(queryKeys.user.current(), user);
    const { result } = renderHook(() => useLogout(), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/logout');
    expect(calls[0].method).toBe('GET');
    expect(queryClient.getQueryData(queryKeys.user.current())).toBeUndefined();
  });

  it('useCountries accepts the list in a data envelope', async () => {
    const { wrapper } = setup({ path: '/countries', body: { data: [{ id: 1, name: 'Malaysia', dial_code: '60', iso_code: 'MY' }] } });
    const { result } = renderHook(() => useCountries(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.map((country) => country.iso_code)).toEqual(['MY']);
  });

  it('useStates waits for a country, then reads data.states', async () => {
    const { calls, wrapper } = setup({ path: '/countries/1/states', body: { data: { states: [{ id: 14, name: 'Selangor' }] } } });
    const { result, rerender } = renderHook(({ countryId }: { countryId: number | null }) => useStates(countryId), {
      wrapper,
      initialProps: { countryId: null as number | null },
    });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
    rerender({ countryId: 1 });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls[0].url).toBe('/api/countries/1/states');
    expect(result.current.data).toEqual([{ id: 14, name: 'Selangor' }]);
  });
});

describe('queryKeys', () => {
  it('nests each list under its resource so invalidating the resource reaches it', () => {
    expect(queryKeys.states.list({ countryId: 1 })).toEqual(['states', 'list', { countryId: 1 }]);
    expect(queryKeys.states.list({ countryId: 1 }).slice(0, 2)).toEqual([...queryKeys.states.lists()]);
    expect(queryKeys.user.detail(5)).toEqual(['user', 'detail', 5]);
  });
});
