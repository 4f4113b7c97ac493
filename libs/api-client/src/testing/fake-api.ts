import { File as NodeFile } from 'node:buffer';
import { type ApiEndpoint, apiResponseSchemas, ERROR_CODES } from '@merchant-hub/validation';
import { http as mswHttp, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { z } from 'zod';

/**
 * One fake answer of the API for component tests. `path` is under /api, as the client calls it (`/users/11`, or
 * with the contract's parameters: `/check-email/:email`); `query` narrows it to calls with those query values.
 * A 2xx `body` must parse with the endpoint's shared response schema (`apiResponseSchemas`, the one the API's
 * contract test parses the real answers with), any other status must carry the API's error body: a fake that
 * drifts from the API fails where it is made. `wait` holds the answer back until it settles (to see a loading
 * state); `hang` never answers, so the call ends only when the client gives up (its timeout).
 */
export type FakeRoute = {
  /** GET when absent. */
  method?: string;
  path: string;
  query?: Record<string, string>;
  status?: number;
  body: unknown;
  wait?: Promise<unknown>;
  hang?: boolean;
};
/**
 * One request the page made: method, `url` as the client wrote it (`/api/...` with its query), `path` the same
 * without `/api`, JSON (or form) body, headers by lower-case name.
 */
export type Call = { method: string; url: string; path: string; body: unknown; headers: Record<string, string> };

/**
 * The API's error body (apps/api/src/http/errors.ts): a known code and a message, maybe the i18n key and field
 * errors; the legacy top-level fields some screens read (otp_data, nextOTP...) pass as they are.
 */
const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES, { error: 'not one of the codes the API answers with (ERROR_CODES of @merchant-hub/validation)' }),
    message: z.string(),
    key: z.string().optional(),
    details: z.looseObject({ fields: z.record(z.string(), z.string()).optional() }).optional(),
  }),
});

const ENDPOINTS = Object.keys(apiResponseSchemas) as ApiEndpoint[];
const shapeOf = (endpointPath: string): RegExp => new RegExp(`^${endpointPath.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
const paramCount = (endpoint: string): number => (endpoint.match(/:/g) ?? []).length;

/** The contract's endpoint of a call, the most literal one first (`/merchants/:id/visits` before `/merchants/:id/:action`). */
export const endpointOf = (method: string, path: string): ApiEndpoint | undefined =>
  ENDPOINTS.filter((endpoint) => {
    const [endpointMethod, endpointPath] = endpoint.split(' ');
    return endpointMethod === method && shapeOf(endpointPath).test(path);
  }).sort((a, b) => paramCount(a) - paramCount(b))[0];

const describeIssues = (error: z.ZodError): string => z.prettifyError(error);

/** Throws, naming the route, unless its answer is one the API could give (see {@link FakeRoute}). */
export const checkFakeRoute = (route: FakeRoute): ApiEndpoint => {
  const method = route.method ?? 'GET';
  const endpoint = endpointOf(method, route.path);
  if (!endpoint) throw new Error(`Fake API: ${method} ${route.path} is not a call of the API contract (apiResponseSchemas in @merchant-hub/validation)`);
  const status = route.status ?? 200;
  if (status >= 200 && status < 300) {
    const parsed = apiResponseSchemas[endpoint].safeParse(route.body);
    if (!parsed.success) throw new Error(`Fake API: the answer to ${method} ${route.path} does not match the response schema of '${endpoint}':\n${describeIssues(parsed.error)}`);
  } else {
    const parsed = errorBodySchema.safeParse(route.body);
    if (!parsed.success) throw new Error(`Fake API: the ${status} answer to ${method} ${route.path} is not the API's error body:\n${describeIssues(parsed.error)}`);
  }
  return endpoint;
};

const readBody = async (request: Request): Promise<unknown> => {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.clone().formData();
  const text = await request.clone().text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const notFound = { error: { code: 'not_found', message: 'Not found', key: 'errors:error.notFound' } };

/**
 * jsdom's FormData and File are not Node's: the Request that MSW builds from them would send each file as the
 * text 'undefined' named 'blob'. A form body is copied into Node's own FormData, each file read into a Node File
 * of the same name, type and bytes, before MSW sees the call; a browser sends the same.
 */
const withNativeForm = (intercepted: typeof fetch): typeof fetch => {
  let NativeFormData: (new () => FormData) | undefined;
  const nativeForm = async (form: FormData): Promise<FormData> => {
    NativeFormData ??= (await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()).constructor as new () => FormData;
    const copy = new NativeFormData();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') copy.append(name, value);
      else copy.append(name, new NodeFile([new Uint8Array(await value.arrayBuffer())], value.name, { type: value.type }) as unknown as Blob, value.name);
    }
    return copy;
  };
  return async (input, init) => intercepted(input, init?.body instanceof FormData ? { ...init, body: await nativeForm(init.body) } : init);
};

/**
 * The fake API of a test file, on Mock Service Worker: the page's real HTTP client calls `fetch`, which MSW
 * answers from the routes of the test. Call once at the top level of a test file (or of the helper module it
 * imports): it starts MSW for the file, and after each test forgets the routes and the calls. A call no route
 * answers gets the API's 404; a request outside /api fails the test.
 */
export const installFakeApi = () => {
  const calls: Call[] = [];
  /** `calls`, and the log of each `use` since it was made. */
  let logs: Call[][] = [calls];

  const record = async (request: Request): Promise<void> => {
    const { pathname, search } = new URL(request.url);
    const call = { method: request.method, url: pathname + search, path: pathname.replace(/^\/api/, '') + search, body: await readBody(request), headers: Object.fromEntries(request.headers) };
    for (const log of logs) log.push(call);
  };

  const handlerOf = (route: FakeRoute): HttpHandler => {
    checkFakeRoute(route);
    const method = route.method ?? 'GET';
    return mswHttp.all(`/api${route.path}`, async ({ request }) => {
      if (request.method !== method) return undefined;
      const query = new URL(request.url).searchParams;
      if (route.query && Object.entries(route.query).some(([name, value]) => query.get(name) !== value)) return undefined;
      await record(request);
      if (route.wait) await route.wait;
      if (route.hang) {
        await new Promise<never>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
      }
      return HttpResponse.json(route.body as Parameters<typeof HttpResponse.json>[0], { status: route.status ?? 200 });
    });
  };

  // The last handler whatever routes come later (MSW puts the handlers of `use` before the server's own).
  const server = setupServer(
    mswHttp.all('/api/*', async ({ request }) => {
      await record(request);
      return HttpResponse.json(notFound, { status: 404 });
    }),
  );

  let unpatchedFetch: typeof fetch | undefined;
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    unpatchedFetch = globalThis.fetch;
    globalThis.fetch = withNativeForm(unpatchedFetch);
  });
  afterEach(() => {
    server.resetHandlers();
    calls.length = 0;
    logs = [calls];
  });
  afterAll(() => {
    if (unpatchedFetch) globalThis.fetch = unpatchedFetch;
    server.close();
  });

  return {
    /** Every request the page made since the test began, in order. */
    calls,
    /**
     * Answers from `routes` from now on, before any route given earlier (the first that matches answers). Each
     * route is checked against the API contract here. Returns the calls made from now on (a second screen
     * rendered in the same test has a log of its own).
     */
    use: (routes: readonly FakeRoute[]): Call[] => {
      server.use(...routes.map(handlerOf));
      const log: Call[] = [];
      logs.push(log);
      return log;
    },
  };
};

export type FakeApi = ReturnType<typeof installFakeApi>;
