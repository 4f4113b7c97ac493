import { vi } from 'vitest';

export type RecordedCall = { url: string; init: RequestInit };

/** A fetch that answers from a list of canned responses and records what it was asked. */
export const fakeFetch = (...responses: Array<() => Response | Promise<Response>>) => {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)];
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

export const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that never answers until its signal aborts, as a stalled server would. */
export const hangingFetch = (): typeof globalThis.fetch =>
  ((_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    })) as typeof globalThis.fetch;
