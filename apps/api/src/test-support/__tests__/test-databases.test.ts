import { createDb } from '../../db/knex';
import { createTestContext, testDatabases, testDatabasesDropped, type TestContext } from '../test-app';

/**
 * Every test's database is its own while the test runs: SQLite, a copy of a template migrated and seeded once
 * (its bytes); PostgreSQL, a database reused by the file's tests and reset to the template's data when taken
 * (postgres-test-databases.ts), or with `ownDatabase` a copy of the template database dropped once closed
 * (in the background, awaited by the file's end). A write in one test must never reach another, nor the
 * template the next test starts from.
 */
describe.each(testDatabases)('test databases (%s)', (kind) => {
  it('gives each open context its own seeded database', async () => {
    const first = await createTestContext(kind);
    const second = await createTestContext(kind);
    try {
      expect([...second.demo.keys()].sort()).toEqual([...first.demo.keys()].sort());
      expect(second.demo.size).toBeGreaterThan(5);
      if (kind === 'postgres') expect(first.databaseUrl).not.toBe(second.databaseUrl);
      const [user] = await first.db('users').orderBy('id').limit(1).select('id', 'email');
      await first.db('users').where({ id: user.id }).update({ email: 'changed-in-first@demo.test' });
      expect((await second.db('users').where({ id: user.id }).first('email')).email).toBe(user.email);
      expect((await first.db('users').where({ id: user.id }).first('email')).email).toBe('changed-in-first@demo.test');
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe.each(testDatabases)('the next test\'s database (%s)', (kind) => {
  type Fingerprint = { rows: Record<string, number>; users: unknown[]; nextUserId: number | null };
  /** The seeded state a test would see: every table's row count, the users' rows, where user ids go on. */
  const fingerprint = async (ctx: TestContext): Promise<Fingerprint> => {
    const tables =
      kind === 'postgres'
        ? ((await ctx.db.raw("select tablename as name from pg_tables where schemaname = 'public'")).rows as { name: string }[])
        : ((await ctx.db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as { name: string }[]);
    const rows: Record<string, number> = {};
    for (const { name } of tables) rows[name] = Number((await ctx.db(name).count({ n: '*' }))[0].n);
    const users = await ctx.db('users').orderBy('id').select();
    // nextval moves the sequence: the next test must find it where the seed left it all the same.
    const nextUserId = kind === 'postgres' ? Number((await ctx.db.raw("select nextval('users_id_seq') as id")).rows[0].id) : null;
    return { rows, users, nextUserId };
  };

  it('holds the seeded rows and sequences whatever the last test changed (PostgreSQL: the same database, reset)', async () => {
    const first = await createTestContext(kind);
    const seeded = await fingerprint(first);
    const [user] = await first.db('users').orderBy('id').limit(1).select();
    await first.db('users').where({ id: user.id }).update({ email: 'changed-before-the-next@demo.test' });
    await first.db('users').insert({ ...user, id: undefined, email: 'added-by-the-first@demo.test', phone: null });
    await first.db('user_roles').del();
    const url = first.databaseUrl;
    await first.close();

    const next = await createTestContext(kind);
    try {
      expect(next.databaseUrl).toBe(url);
      expect(await fingerprint(next)).toEqual(seeded);
    } finally {
      await next.close();
    }
  });

  it('holds the migrated schema whatever the last test altered (PostgreSQL: the database is made again)', async () => {
    const altered = async (ctx: TestContext): Promise<number> =>
      kind === 'postgres'
        ? Number((await ctx.db.raw("select count(*) as n from pg_constraint where conname = 'no_examples'")).rows[0].n)
        : Number(((await ctx.db.raw("select count(*) as n from sqlite_master where name = 'no_examples'")) as { n: number }[])[0].n);
    const first = await createTestContext(kind);
    await first.db.raw(
      kind === 'postgres'
        ? "alter table users add constraint no_examples check (email not like '%@example.com')"
        : "create trigger no_examples before update on users when new.email like '%@example.com' begin select raise(abort, 'no'); end",
    );
    expect(await altered(first)).toBe(1);
    await first.close();
    const next = await createTestContext(kind);
    try {
      expect(await altered(next)).toBe(0);
      await next.db('users').where({ id: 1 }).update({ email: 'someone@example.com' });
      expect((await next.db('users').where({ id: 1 }).first('email')).email).toBe('someone@example.com');
    } finally {
      await next.close();
    }
  });

  it('gives a context asking for a database of its own a new copy (PostgreSQL: dropped once closed)', async () => {
    const reused = await createTestContext(kind);
    const own = await createTestContext(kind, { ownDatabase: true });
    try {
      expect(own.demo.size).toBeGreaterThan(5);
      await own.db('users').where({ id: 1 }).update({ email: 'changed-in-own@demo.test' });
      expect((await reused.db('users').where({ id: 1 }).first('email')).email).not.toBe('changed-in-own@demo.test');
    } finally {
      await own.close();
      await reused.close();
    }
    if (kind === 'postgres') {
      expect(own.databaseUrl).not.toBe(reused.databaseUrl);
      await testDatabasesDropped();
      const name = new URL(own.databaseUrl as string).pathname.slice(1);
      const admin = createDb({ url: process.env.TEST_PG_URL as string });
      try {
        expect(await admin('pg_database').where({ datname: name }).select('datname')).toEqual([]);
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
