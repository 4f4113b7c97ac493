import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { fetchCurrentUser } from '../account.api';
import { createHttpClient, fetchInOwnTask } from '../http-client';
import { userEnvelopeResponseSchema } from '@merchant-hub/validation';

// These tests are about the client's own use of fetch (its RequestInit, timeouts, aborts, raw answers), so they
// hand it a fetch of their own; screens and hooks are tested against the shared fake API (../testing).
type RecordedCall = { url: string; init: RequestInit };

/** A fetch that answers from a list of canned responses and records what it was asked. */
const fakeFetch = (...responses: Array<() => Response | Promise<Response>>) => {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)];
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that never answers until its signal aborts, as a stalled server would. */
const hangingFetch = (): typeof globalThis.fetch =>
  ((_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    })) as typeof globalThis.fetch;

afterEach(() => {
  vi.useRealTimers();
});

const headersOf = (init: RequestInit) => new Headers(init.headers);

describe('createHttpClient', () => {
  it('sends JSON with the CSRF header and the session cookie', async () => {
    const { fetch, calls } = fakeFetch(json(200, { ok: true }));
    const http = createHttpClient({ fetch });
    await expect(http.post('/login', { email: 'a@b.test', password: 'x' })).resolves.toEqual({ ok: true });
    const [{ url, init }] = calls;
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.test","password":"x"}');
    const headers = headersOf(init);
    expect(headers.get('X-Requested-With')).toBe('merchant-hub');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the CSRF header on reads too, and a bearer token when one is given', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const http = createHttpClient({ fetch, baseUrl: 'http://localhost:3000/api/', getToken: () => 'tok123' });
    await http.get('/users/billing/all', { query: { user_id: 7, coupon: undefined, all: true } });
    const [{ url, init }] = calls;
    expect(url).toBe('http://localhost:3000/api/users/billing/all?user_id=7&all=true');
    expect(headersOf(init).get('Authorization')).toBe('Bearer tok123');
    expect(headersOf(init).get('X-Requested-With')).toBe('merchant-hub');
    expect(init.body).toBeUndefined();
  });

  it('gives up after the timeout with an error marked as a timeout', async () => {
    vi.useFakeTimers();
    const http = createHttpClient({ fetch: hangingFetch(), timeoutMs: 15_000 });
    const pending = http.get('/user');
    const outcome = expect(pending).rejects.toMatchObject({ isTimeout: true, code: 'timeout', status: 0 });
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('turns an API error answer into an ApiError with its field errors', async () => {
    const { fetch } = fakeFetch(
      json(400, {
        error: { code: 'validation_failed', message: 'Some fields are invalid', key: 'errors:error.validationFailed', details: { fields: { email: 'validation:email.invalid' } } },
        message: 'Some fields are invalid',
      }),
    );
    const error = await createHttpClient({ fetch }).post('/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Some fields are invalid',
      key: 'errors:error.validationFailed',
      details: { email: 'validation:email.invalid' },
      isTimeout: false,
    });
  });

  it('reports a failed connection as a network error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    await expect(createHttpClient({ fetch }).get('/user')).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('lets a caller cancel without reporting a failure', async () => {
    const controller = new AbortController();
    const pending = createHttpClient({ fetch: hangingFetch() }).get('/user', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('rejects a failed call only once the texts that describe failures are in (beforeFailing)', async () => {
    let textsIn: () => void = () => undefined;
    const texts = new Promise<void>((resolve) => (textsIn = resolve));
    let asked: () => void = () => undefined;
    const waitingForTexts = new Promise<void>((resolve) => (asked = resolve));
    const { fetch } = fakeFetch(json(401, { error: { code: 'unauthenticated', message: 'Sign in again' } }));
    let settled = false;
    const beforeFailing = () => {
      asked();
      return texts;
    };
    const pending = createHttpClient({ fetch, beforeFailing })
      .get('/user')
      .catch((error: unknown) => {
        settled = true;
        return error;
      });
    // The failure is in and the client has asked for the texts; one more turn of the event loop lets a client
    // that did not wait for them settle.
    await waitingForTexts;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    textsIn();
    expect(await pending).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('answers a success without waiting for beforeFailing', async () => {
    const { fetch } = fakeFetch(json(200, { ok: true }));
    const never = () => new Promise<never>(() => undefined);
    await expect(createHttpClient({ fetch, beforeFailing: never }).get('/user')).resolves.toEqual({ ok: true });
  });

  it('returns undefined for an empty answer', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(createHttpClient({ fetch }).delete('/cards/1')).resolves.toBeUndefined();
  });

  it('sends FormData as it is, leaving the multipart header to the browser', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const form = new FormData();
    form.append('name', 'Ali');
    await createHttpClient({ fetch }).put('/users/1', form);
    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0].init).has('Content-Type')).toBe(false);
  });

  describe('response schemas', () => {
    const user = { data: { id: 7, user_id: 7, name: 'Ali', email: 'ali@demo.test', image: null, image_url: null, phone: null, roles: [{ name: 'main_user' }], inventory_users: { inventory_store_users: { store_id: 3 } }, extra: 'kept' } };

    it('parses an answer with its schema, keeping fields the schema does not name', async () => {
      const { fetch } = fakeFetch(json(200, user));
      await expect(createHttpClient({ fetch }).get('/user', { schema: userEnvelopeResponseSchema })).resolves.toEqual(user);
    });

    it('refuses an answer whose shape broke the contract, saying where', async () => {
      const { fetch } = fakeFetch(json(200, { data: { ...user.data, roles: 'main_user' } }));
      const error = await createHttpClient({ fetch, parseResponses: true })
        .get('/user', { schema: userEnvelopeResponseSchema })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
      expect((error as ApiError).message).toContain('GET /user');
      expect((error as ApiError).message).toContain('data.roles');
    });

    it('trusts the answer when parsing is off, as production builds do', async () => {
      const broken = { data: { ...user.data, roles: 'main_user' } };
      const { fetch } = fakeFetch(json(200, broken));
      await expect(createHttpClient({ fetch, parseResponses: false }).get('/user', { schema: userEnvelopeResponseSchema })).resolves.toEqual(broken);
    });

    it('imports a lazy schema only when it parses, and then refuses a broken answer as the eager one does', async () => {
      const load = vi.fn(async () => userEnvelopeResponseSchema);
      const broken = { data: { ...user.data, roles: 'main_user' } };
      await expect(createHttpClient({ fetch: fakeFetch(json(200, broken)).fetch, parseResponses: false }).get('/user', { schema: load })).resolves.toEqual(broken);
      expect(load).not.toHaveBeenCalled();
      await expect(createHttpClient({ fetch: fakeFetch(json(200, broken)).fetch }).get('/user', { schema: load })).rejects.toMatchObject({ code: 'invalid_response' });
      await expect(createHttpClient({ fetch: fakeFetch(json(200, user)).fetch }).get('/user', { schema: load })).resolves.toEqual(user);
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('fetches the user with the lazily imported envelope schema', async () => {
      const { fetch } = fakeFetch(json(200, { data: null }));
      await expect(fetchCurrentUser(createHttpClient({ fetch }))).rejects.toMatchObject({ code: 'invalid_response' });
    });

    it('parses by default in tests (Vite development mode)', async () => {
      const { fetch } = fakeFetch(json(200, { data: null }));
      await expect(createHttpClient({ fetch }).get('/user', { schema: userEnvelopeResponseSchema })).rejects.toMatchObject({ code: 'invalid_response' });
    });
  });
});

describe('fetchInOwnTask', () => {
  it('starts the request in a later task, not in the one that asked (issue 30), and hands over what it was given', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('ok'));
    const init = { method: 'GET' };
    const answer = fetchInOwnTask('/api/countries', init);
    // Every microtask of the asking task has run: the request has not started.
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    expect(await (await answer).text()).toBe('ok');
    expect(fetch).toHaveBeenCalledWith('/api/countries', init);
    fetch.mockRestore();
  });
});
