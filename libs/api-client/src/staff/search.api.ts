import type { StaffSearchAnswer } from '@merchant-hub/validation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryHookOptions } from '../account.queries';
import type { HttpClient } from '../http-client';
import { useHttpClient } from '../http-client-context';
import { responseOf } from '../response-schemas';

/** The console's global search (issue 27): invoices, payments, ECPay orders, card payments and merchants. */
export const fetchStaffSearch = (http: HttpClient, q: string, signal?: AbortSignal): Promise<StaffSearchAnswer> =>
  http.get('/staff/search', { query: { q }, schema: responseOf('GET /staff/search'), ...(signal ? { signal } : {}) });

export const staffSearchKey = (q: string) => ['staff', 'search', q] as const;

/** Results for `q` (nothing is asked while it is blank); the previous results stay on screen while the next answer. */
export const useStaffSearch = (q: string, options: QueryHookOptions<StaffSearchAnswer> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: staffSearchKey(q),
    queryFn: ({ signal }) => fetchStaffSearch(http, q, signal),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    ...options,
  });
};
