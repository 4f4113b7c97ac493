import { verifyPassword } from '../../../security/crypto';
import { createTestContext, testDatabases, type TestContext } from '../../../test-support/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';

describe.each(testDatabases)('demo accounts seed (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());

  it('stores the demo password for every account at the configured scrypt cost', async () => {
    const rows = await ctx.db('users').whereIn('email', DEMO_ACCOUNTS.map((a) => a.email)).select('email', 'password_hash');
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const row of rows) {
      expect(String(row.password_hash)).toMatch(new RegExp(`^scrypt\\$${ctx.config.scryptCost}\\$8\\$1\\$`));
      await expect(verifyPassword(DEMO_PASSWORD, String(row.password_hash))).resolves.toBe(true);
      await expect(verifyPassword('not-the-password', String(row.password_hash))).resolves.toBe(false);
    }
  });
});
