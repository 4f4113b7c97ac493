import { AUDIT_ACTIONS } from '@merchant-hub/validation';
import request from 'supertest';
import { createTestContext, type TestContext } from '../../../test-support/test-app';

// Issue 26 §6: a staff edit of a merchant's name and a merchant-wizard invite wrote no audit entry. Every write a
// staff session can reach declares the audit action it writes, or says why it writes none.
describe('audit declarations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => ctx.close());

  it('declares an audit action (or why none) on every write a staff session can reach', async () => {
    const res = await request(ctx.app).get('/api/docs/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, { 'x-access'?: string; 'x-audit-action'?: string; 'x-not-audited'?: string }>>;
    const staffWrites = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => method !== 'get' && operation['x-access'] !== undefined)
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, declared: operation['x-audit-action'] ?? operation['x-not-audited'] })),
    );
    expect(staffWrites.length).toBeGreaterThan(40);
    expect(staffWrites.filter((write) => !write.declared).map((write) => write.route)).toEqual([]);
  });

  // Issue 27 §6: the console names every action by a translated label from this list (raw codes were on screen).
  it('lists every audit action a route declares among the actions the console has labels for', async () => {
    const res = await request(ctx.app).get('/api/docs/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, { 'x-audit-action'?: string }>>;
    const declared = Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => operation['x-audit-action']));
    const actions = [...new Set(declared.filter((action): action is string => action !== undefined && action !== 'depends on the request'))];
    expect(actions.length).toBeGreaterThan(40);
    expect(actions.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});
