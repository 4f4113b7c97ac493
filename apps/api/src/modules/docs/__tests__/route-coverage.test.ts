import type { Express } from 'express';
import request from 'supertest';
import { createTestContext, type TestContext } from '../../../test-support/test-app';

type Layer = {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[]; routes?: () => { method: string; path: string }[] };
  rawPath?: unknown;
};

/**
 * Every method + path the Express app answers, found by walking its router stack (mount paths included) and
 * the route tables' dispatcher (http/route-table.ts), which answers its routes from its own lookup tree.
 */
const mountedRoutes = (app: Express): string[] => {
  const walk = (stack: Layer[], prefix: string): string[] =>
    stack.flatMap((layer) => {
      if (layer.route && typeof layer.route.path === 'string') {
        const path = `${prefix}${layer.route.path}`;
        return Object.keys(layer.route.methods)
          .filter((method) => method !== '_all')
          .map((method) => `${method.toUpperCase()} ${path}`);
      }
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.handle?.routes) return layer.handle.routes().map(({ method, path }) => `${method.toUpperCase()} ${prefix}${mount}${path}`);
      if (layer.handle?.stack) {
        return walk(layer.handle.stack, `${prefix}${mount}`);
      }
      return [];
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
};

describe('the API reference', () => {
  let ctx: TestContext;
  // Sandbox gateway, ECPay sandbox and the development mailbox: the configuration that mounts the most routes.
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('documents every route mounted under /api, and documents nothing that is not mounted', async () => {
    const mounted = mountedRoutes(ctx.app)
      .filter((entry) => entry.split(' ')[1]?.startsWith('/api/'))
      .map((entry) => entry.replace(/:(\w+)/g, '{$1}'));
    const res = await request(ctx.app).get('/api/docs/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(mounted.length).toBeGreaterThan(60);
    expect(mounted.filter((entry) => !documented.includes(entry)).sort()).toEqual([]);
    expect(documented.filter((entry) => !mounted.includes(entry)).sort()).toEqual([]);
  });

  it('documents the confirm-payment call that finishes a 3-D Secure payment', async () => {
    const res = await request(ctx.app).get('/api/docs/openapi.json');
    const confirm = res.body.paths['/api/users/billing/confirm-payment']?.post;
    expect(confirm).toMatchObject({ tags: ['billing'], security: expect.any(Array), 'x-audit-action': 'billing.confirm_payment' });
    expect(confirm.requestBody.content['application/json'].schema.properties).toHaveProperty('payment_intent');
  });
});
