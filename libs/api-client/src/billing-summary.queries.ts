import type { BillingResponse } from '@merchant-hub/domain';
import { useQuery } from '@tanstack/react-query';
import type { QueryHookOptions } from './account.queries';
import { fetchBillingAll } from './billing-summary.api';
import { useHttpClient } from './http-client-context';
import { queryKeys } from './query-keys';

/**
 * GET /api/users/billing/all. A merchant without a plan gets an error (code 0 / `must_subscribe`); callers
 * that only summarise billing mark the error as theirs and show a call to subscribe instead.
 */
export const useBillingAll = (userId?: number, options: QueryHookOptions<BillingResponse> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: queryKeys.billing.detail(userId ?? 'self'),
    queryFn: ({ signal }) => fetchBillingAll(http, userId, signal),
    ...options,
  });
};
