import { ApiError, parseApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  query?: QueryParams;
  /** Sent as JSON unless it is `FormData` (file uploads). */
  body?: unknown;
  /** Cancels the request, e.g. react-query's signal when a query is no longer wanted. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

type NoBody = Omit<RequestOptions, 'body'>;

export type HttpClient = {
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: NoBody) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: NoBody) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: NoBody) => Promise<T>;
  patch: <T>(path: string, body?: unknown, options?: NoBody) => Promise<T>;
  delete: <T>(path: string, options?: NoBody) => Promise<T>;
};

export type HttpClientOptions = {
  baseUrl?: string;
  /** Spec §7: a call that has not answered after 15 s is given up. */
  timeoutMs?: number;
  /** Scripts and tests authenticate with a bearer token; browsers rely on the HttpOnly session cookie. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
};

/** The API refuses state-changing cookie requests without it: a cross-site form cannot set custom headers. */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'merchant-hub';
export const DEFAULT_TIMEOUT_MS = 15_000;

const buildUrl = (baseUrl: string, path: string, query: QueryParams | undefined): string => {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A fetch wrapper that speaks the API's conventions: JSON, cookies, the CSRF header, timeouts, typed errors. */
export const createHttpClient = ({
  baseUrl = '/api',
  timeoutMs = DEFAULT_TIMEOUT_MS,
  getToken,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
}: HttpClientOptions = {}): HttpClient => {
  const request = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
    const token = getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    Object.assign(headers, options.headers);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? timeoutMs);
    const forwardAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forwardAbort();
    options.signal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      const response = await fetchImpl(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      const parsed = await readBody(response);
      if (!response.ok) throw parseApiError(response.status, parsed);
      return parsed as T;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) {
        throw new ApiError({ status: 0, code: 'timeout', message: 'Request Aborted', isTimeout: true });
      }
      // A caller's own cancellation is not a failure to report; let react-query see the abort as it is.
      if (options.signal?.aborted) throw error;
      throw new ApiError({
        status: 0,
        code: 'network_error',
        message: error instanceof Error ? error.message : 'Network request failed',
      });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  };

  return {
    request,
    get: <T>(path: string, options?: NoBody) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: NoBody) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: NoBody) => request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: NoBody) => request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: NoBody) => request<T>('DELETE', path, options),
  };
};
