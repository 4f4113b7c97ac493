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
});
