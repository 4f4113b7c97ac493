import type { BillingResponse } from '@merchant-hub/domain';
import type { HttpClient } from './http-client';

/** GET /api/users/billing/all; staff pass the merchant's `user_id`. Error code 0 in the body means "must subscribe". */
export const fetchBillingAll = (http: HttpClient, userId?: number, signal?: AbortSignal): Promise<BillingResponse> =>
  http.get<BillingResponse>('/users/billing/all', { query: { user_id: userId }, ...(signal ? { signal } : {}) });
