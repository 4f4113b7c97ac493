import { ApiError, parseApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * What the client parses an answer with: a shared zod schema of `@merchant-hub/validation` fits. Its output
 * type is checked against the type the caller expects, so schema and type cannot drift apart silently.
 */
export type ResponseSchema<T> = { parse: (data: unknown) => T };

/**
 * A response schema imported on first use (`() => import('@merchant-hub/validation').then(...)`): production
 * builds, which do not parse, then never download zod and the schemas with a page's first load.
 */
export type LazyResponseSchema<T> = () => Promise<ResponseSchema<T>>;

export type RequestOptions<T = unknown> = {
  query?: QueryParams;
  /** Parses the answer (when the client parses responses) instead of trusting its shape. */
  schema?: ResponseSchema<T> | LazyResponseSchema<T>;
  /** Sent as JSON unless it is `FormData` (file uploads). */
  body?: unknown;
  /** Cancels the request, e.g. react-query's signal when a query is no longer wanted. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

type NoBody<T> = Omit<RequestOptions<T>, 'body'>;

export type HttpClient = {
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions<T>) => Promise<T>;
  get: <T>(path: string, options?: NoBody<T>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: NoBody<T>) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: NoBody<T>) => Promise<T>;
  patch: <T>(path: string, body?: unknown, options?: NoBody<T>) => Promise<T>;
  delete: <T>(path: string, options?: NoBody<T>) => Promise<T>;
};

export type HttpClientOptions = {
  baseUrl?: string;
  /** Spec §7: a call that has not answered after 15 s is given up. */
  timeoutMs?: number;
  /** Scripts and tests authenticate with a bearer token; browsers rely on the HttpOnly session cookie. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  /**
   * Parse answers with their response schemas. Defaults to on in development and tests (Vite's
   * `import.meta.env.DEV`, and anywhere outside Vite) and off in production builds, where a shape the schema
   * did not foresee should not take a working page down.
   */
  parseResponses?: boolean;
  /**
   * A failed call rejects once this settles. The apps pass the loading of the texts that describe failures
   * (the `errors` and `validation` namespaces arrive just after the first render), so a message made from
   * the error right away, e.g. by a mutation's `onError`, is never an untranslated key.
   */
  beforeFailing?: () => Promise<unknown>;
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

/** A 2xx answer that does not have the shape its schema promises: a contract broken between API and client. */
const invalidResponse = (status: number, method: HttpMethod, path: string, body: unknown, error: unknown): ApiError => {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues ?? [];
  const where = issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  return new ApiError({
    status,
    code: 'invalid_response',
    message: `${method} ${path} answered with an unexpected shape${where.length > 0 ? ` (${where.join('; ')})` : ''}`,
    body,
  });
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

/** Resolves in a later task of the event loop: `scheduler.yield` where the browser has it, else a message to itself. */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(undefined);
  });
};

/**
 * `fetch`, started in a task of its own. Starting a request costs the browser's main thread 7–15 ms at 4x CPU
 * throttling, and a page's first queries all start in the effects React runs with one commit: the 4–6 requests
 * of the sign-in and checkout pages made that commit's task 60–100 ms longer (issue 30). The apps' clients use
 * it; an abort meanwhile reaches `fetch` as an aborted signal.
 */
export const fetchInOwnTask = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  await nextTask();
  return globalThis.fetch(input, init);
};

/** A fetch wrapper that speaks the API's conventions: JSON, cookies, the CSRF header, timeouts, typed errors. */
export const createHttpClient = ({
  baseUrl = '/api',
  timeoutMs = DEFAULT_TIMEOUT_MS,
  getToken,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  parseResponses = import.meta.env?.DEV ?? true,
  beforeFailing,
}: HttpClientOptions = {}): HttpClient => {
  const send = async <T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> => {
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
      if (!options.schema || !parseResponses) return parsed as T;
      const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
      try {
        return schema.parse(parsed);
      } catch (error) {
        throw invalidResponse(response.status, method, path, parsed, error);
      }
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

  const request = <T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> =>
    send(method, path, options).catch(async (error: unknown) => {
      if (beforeFailing && !options.signal?.aborted) await beforeFailing().catch(() => undefined);
      throw error;
    });

  return {
    request,
    get: <T>(path: string, options?: NoBody<T>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: NoBody<T>) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: NoBody<T>) => request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: NoBody<T>) => request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: NoBody<T>) => request<T>('DELETE', path, options),
  };
};
