import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../http-client';
import { user } from '../../__tests__/fixtures';
import { checkFakeRoute, endpointOf, installFakeApi } from '../fake-api';

describe('a fake route is one the API could give', () => {
  it('names the endpoint of the contract a call belongs to, the most literal first', () => {
    expect(endpointOf('GET', '/users/11')).toBe('GET /users/:id');
    expect(endpointOf('POST', '/staff/merchants/21/visits')).toBe('POST /staff/merchants/:userId/visits');
    expect(endpointOf('POST', '/staff/merchants/21/send-invite')).toBe('POST /staff/merchants/:userId/:action');
    expect(endpointOf('GET', '/check-email/:email')).toBe('GET /check-email/:email');
    expect(endpointOf('DELETE', '/users/11')).toBeUndefined();
  });

  it('takes an answer that parses with the endpoint response schema', () => {
    expect(checkFakeRoute({ path: '/user', body: { data: user } })).toBe('GET /user');
    expect(checkFakeRoute({ path: '/user', status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in', key: 'errors:error.unauthenticated' }, legacy: true } })).toBe('GET /user');
  });

  it('refuses an answer that drifted from the API: a missing field, an unknown error code, a call the API does not have', () => {
    expect(() => checkFakeRoute({ path: '/user', body: { data: { ...user, roles: 'main_user' } } })).toThrow(/does not match the response schema of 'GET \/user'/);
    expect(() => checkFakeRoute({ path: '/user', body: { user } })).toThrow(/GET \/user/);
    expect(() => checkFakeRoute({ path: '/user', status: 500, body: { error: { code: 'internal', message: 'x' } } })).toThrow(/not the API's error body/);
    expect(() => checkFakeRoute({ path: '/user', status: 500, body: 'oops' })).toThrow(/not the API's error body/);
    expect(() => checkFakeRoute({ method: 'POST', path: '/no-such-call', body: {} })).toThrow(/not a call of the API contract/);
  });
});

describe('the fake API', () => {
  const api = installFakeApi();

  it('answers the real client from the routes, first match first, and records each call', async () => {
    const calls = api.use([
      { path: '/staff/merchants', query: { cursor: 'c2' }, body: { data: [], next_cursor: null } },
      { path: '/user', body: { data: user } },
    ]);
    api.use([{ path: '/user', body: { data: { ...user, name: 'Second' } } }]);
    const http = createHttpClient();
    await expect(http.get('/user')).resolves.toEqual({ data: { ...user, name: 'Second' } });
    await expect(http.get('/staff/merchants', { query: { cursor: 'c2', q: 'x' } })).resolves.toEqual({ data: [], next_cursor: null });
    await expect(http.post('/login', { email: 'a@b.test' })).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(calls.map(({ method, url, path, body }) => ({ method, url, path, body }))).toEqual([
      { method: 'GET', url: '/api/user', path: '/user', body: undefined },
      { method: 'GET', url: '/api/staff/merchants?cursor=c2&q=x', path: '/staff/merchants?cursor=c2&q=x', body: undefined },
      { method: 'POST', url: '/api/login', path: '/login', body: { email: 'a@b.test' } },
    ]);
    expect(calls[2].headers['content-type']).toBe('application/json');
  });

  it('sends a picked file as a browser would: its name, type and bytes', async () => {
    const calls = api.use([{ method: 'POST', path: '/users/11/avatar', body: { data: user } }]);
    const form = new FormData();
    form.append('image', new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }));
    await createHttpClient().post('/users/11/avatar', form);
    const file = (calls[0].body as FormData).get('image') as File;
    expect([file.name, file.type, [...new Uint8Array(await file.arrayBuffer())]]).toEqual(['me.png', 'image/png', [1, 2, 3]]);
  });

  it('refuses a drifted route where the test gives it, before the page runs', () => {
    expect(() => api.use([{ path: '/user', body: { data: { ...user, email: 42 } } }])).toThrow(/GET \/user/);
  });

  it('starts each test with no routes and no calls', () => {
    expect(api.calls).toEqual([]);
  });
});
