import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError, isSessionError } from './api-error';

/** What a query or mutation may tell the global error handling. */
export type RequestMeta = {
  /**
   * The caller shows this error itself (inline form errors, a dedicated modal): no notification. A gone
   * session still signs the browser out: a modal cannot fix a revoked session.
   */
  handlesError?: boolean;
  /** The caller is the check of who is signed in (a route guard) and sends a gone session to sign-in itself. */
  handlesSignOut?: boolean;
};

// Module augmentation needs an interface; this types `meta` on every useQuery/useMutation of the product.
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

export type CreateQueryClientOptions = {
  /** Show the error to the user, typically a notification with the translated error. */
  onError: (error: Error) => void;
  /** The session is gone: send the user to sign in. */
  onUnauthorized: (error: ApiError) => void;
};

const MAX_QUERY_RETRIES = 2;

/**
 * Only failures that may pass on their own are retried: lost connections and server errors. A 4xx will
 * answer the same again, and a timeout already cost 15 s.
 */
export const shouldRetryQuery = (failureCount: number, error: Error): boolean => {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (!isApiError(error)) return false;
  if (error.isTimeout) return false;
  return error.code === 'network_error' || error.status >= 500;
};

export const createQueryClient = ({ onError, onUnauthorized }: CreateQueryClientOptions): QueryClient => {
  const handleError = (error: Error, meta: RequestMeta | undefined) => {
    if (isSessionError(error)) {
      if (!meta?.handlesSignOut) onUnauthorized(error as ApiError);
    } else if (!meta?.handlesError) onError(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000, refetchOnWindowFocus: false },
      // Mutations change money and sessions: never send one twice on our own.
      mutations: { retry: false },
    },
  });
};
