import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { createQueryClient, shouldRetryQuery } from '../query-client';

const sessionExpired = new ApiError({ status: 401, code: 'session_expired', message: 'expired' });
const serverError = new ApiError({ status: 500, code: 'internal_error', message: 'boom' });

const setup = () => {
  const onError = vi.fn();
  const onUnauthorized = vi.fn();
  const client = createQueryClient({ onError, onUnauthorized });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { onError, onUnauthorized, wrapper };
};

describe('createQueryClient', () => {
  it('sends a 401 to sign-in without a notification', async () => {
    const { onError, onUnauthorized, wrapper } = setup();
    const { result } = renderHook(() => useQuery({ queryKey: ['me'], queryFn: () => Promise.reject(sessionExpired) }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onUnauthorized).toHaveBeenCalledWith(sessionExpired);
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failed mutation through onError', async () => {
    const { onError, wrapper } = setup();
    const forbidden = new ApiError({ status: 403, code: 'forbidden', message: 'no' });
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(forbidden) }), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError).toHaveBeenCalledWith(forbidden);
  });

  it('stays quiet when the call handles its own error', async () => {
    const { onError, onUnauthorized, wrapper } = setup();
    const conflict = new ApiError({ status: 409, code: 'card_in_use', message: 'in use' });
    const { result } = renderHook(() => useQuery({ queryKey: ['plans'], queryFn: () => Promise.reject(conflict), meta: { handlesError: true } }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out on a 401 even from a mutation that shows its own errors (a session revoked elsewhere)', async () => {
    const { onError, onUnauthorized, wrapper } = setup();
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(sessionExpired), meta: { handlesError: true } }), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onUnauthorized).toHaveBeenCalledWith(sessionExpired);
    expect(onError).not.toHaveBeenCalled();
  });

  it('leaves a gone session to the route guard that checks who is signed in', async () => {
    const { onError, onUnauthorized, wrapper } = setup();
    const { result } = renderHook(
      () => useQuery({ queryKey: ['me'], queryFn: () => Promise.reject(sessionExpired), meta: { handlesError: true, handlesSignOut: true } }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('never retries a mutation', async () => {
    const { wrapper } = setup();
    const mutationFn = vi.fn(() => Promise.reject(serverError));
    const { result } = renderHook(() => useMutation({ mutationFn }), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

describe('shouldRetryQuery', () => {
  it('retries server errors and lost connections twice', () => {
    const offline = new ApiError({ status: 0, code: 'network_error', message: '' });
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(1, offline)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(false);
  });

  it('does not retry client errors or timeouts', () => {
    expect(shouldRetryQuery(0, new ApiError({ status: 404, code: 'not_found', message: '' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ status: 0, code: 'timeout', message: '', isTimeout: true }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });
});
