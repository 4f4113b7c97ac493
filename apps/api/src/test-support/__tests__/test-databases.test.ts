import { createDb } from '../../db/knex';
import { createTestContext, testDatabases, testDatabasesDropped } from '../test-app';

/**
 * Every test's database is its own: a copy of a template migrated and seeded once (test-app.ts; SQLite: its
 * bytes, PostgreSQL: a template database), so a write in one test must never reach another, nor the template
 * the next test copies, and a closed test's copy must be dropped (in the background, awaited by the file's end).
 */
describe.each(testDatabases)('test databases (%s)', (kind) => {
  it('gives each context its own seeded copy, and drops it once closed', async () => {
    const first = await createTestContext(kind);
    const second = await createTestContext(kind);
    try {
      expect([...second.demo.keys()].sort()).toEqual([...first.demo.keys()].sort());
      expect(second.demo.size).toBeGreaterThan(5);
      const [user] = await first.db('users').orderBy('id').limit(1).select('id', 'email');
      await first.db('users').where({ id: user.id }).update({ email: 'changed-in-first@demo.test' });
      expect((await second.db('users').where({ id: user.id }).first('email')).email).toBe(user.email);
      expect((await first.db('users').where({ id: user.id }).first('email')).email).toBe('changed-in-first@demo.test');
    } finally {
      await second.close();
      await first.close();
    }
    if (kind === 'postgres') {
      await testDatabasesDropped();
      expect(first.databaseUrl).not.toBe(second.databaseUrl);
      const names = [first.databaseUrl, second.databaseUrl].map((url) => new URL(url as string).pathname.slice(1));
      const admin = createDb({ url: process.env.TEST_PG_URL as string });
      try {
        const left = await admin('pg_database').whereIn('datname', names).select('datname');
        expect(left).toEqual([]);
      } finally {
        await admin.destroy();
      }
    }
  });
});

describe.each([
  ['sqlite in memory', false],
  ['sqlite file', true],
] as const)('the SQLite template (%s)', (_name, sqliteFile) => {
  it('is copied, never written: what one test changed is not in the next test\'s database', async () => {
    const first = await createTestContext('sqlite', { sqliteFile });
    const [user] = await first.db('users').orderBy('id').limit(1).select('id', 'email');
    await first.db('users').where({ id: user.id }).update({ email: 'changed-before-the-next@demo.test' });
    await first.db('users').insert({ ...(await first.db('users').where({ id: user.id }).first()), id: undefined, email: 'added-by-the-first@demo.test', phone: null });
    await first.close();
    const next = await createTestContext('sqlite', { sqliteFile });
    try {
      expect((await next.db('users').where({ id: user.id }).first('email')).email).toBe(user.email);
      expect(await next.db('users').where({ email: 'added-by-the-first@demo.test' }).first()).toBeUndefined();
      expect(next.demo.size).toBeGreaterThan(5);
    } finally {
      await next.close();
    }
  });
});
