import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../db/knex';
import { templateDigest } from './source-digest';
import type { DemoAccount } from '../db/seeds/seed-context';

/**
 * The tests' PostgreSQL databases (test-app.ts asks for them). A template is migrated and seeded once per code and
 * settings; a test gets either a reused database reset to the template's data (the default: a few ms), or, with
 * `own`, a copy of the template of its own, dropped after the test (CREATE and DROP DATABASE: ~0.4 s, and a
 * checkpoint of 0.5–1.2 s on every drop).
 */

export type Seeded = { demo: ReadonlyMap<string, DemoAccount> };

/** One connection to the server (no transaction: CREATE DATABASE cannot run in one; session advisory locks hold on it). */
type AdminConnection = { query: <R>(sql: string, params?: unknown[]) => Promise<R[]>; literal: (text: string) => string; end: () => Promise<void> };

const adminConnection = async (url: string): Promise<AdminConnection> => {
  const knex = createDb({ url });
  // The pg client Knex holds (its own typings are not installed): query, escapeLiteral.
  const client = (await knex.client.acquireConnection()) as { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; escapeLiteral: (text: string) => string };
  return {
    query: async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[],
    literal: (text) => client.escapeLiteral(text),
    end: async () => {
      await knex.client.releaseConnection(client);
      await knex.destroy();
    },
  };
};

/** The database URL `url` names, with its database replaced by `name`. */
const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};


/** Templates older than this are someone's earlier code: dropped, with their reused databases, when a new one is made. */
const TEMPLATE_MAX_AGE_MS = 6 * 3600_000;

type Template = { name: string; seeded: Seeded };

/** The reused databases of template `mh_tpl_<hash>` are `mh_slot_<hash>_<n>`. */
const slotPrefix = (template: string): string => template.replace(/^mh_tpl_/, 'mh_slot_');

/**
 * A PostgreSQL database migrated and seeded once for this code and configuration (named by their digest), kept
 * as a template: each test's database is a copy of it. Test files running in parallel make it once, under an
 * advisory lock; the demo accounts the seed returned are kept in the template's comment.
 */
const makeTemplate = async (url: string, name: string, seed: (db: Db) => Promise<Seeded>): Promise<Template> => {
  const admin = await adminConnection(url);
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', ['merchant-hub test templates']);
    const readComment = async (): Promise<string | null> =>
      (await admin.query<{ comment: string | null }>('select shobj_description(oid, $2) as comment from pg_database where datname = $1', [name, 'pg_database']))[0]?.comment ?? null;
    let comment = await readComment();
    if (comment === null) {
      for (const { datname, comment: other } of (await admin.query<{ datname: string; comment: string | null }>("select datname, shobj_description(oid, 'pg_database') as comment from pg_database where datname like 'mh\\_tpl\\_%'"))) {
        const made = Number((JSON.parse(other ?? '{}') as { made?: number }).made ?? 0);
        if (Date.now() - made > TEMPLATE_MAX_AGE_MS) {
          const slots = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${slotPrefix(datname)}_`]);
          for (const slot of slots) await admin.query(`drop database if exists "${slot.datname}" with (force)`);
          await admin.query(`drop database if exists "${datname}" with (force)`);
        }
      }
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const db = createDb({ url: withDatabase(url, building) });
      try {
        const { demo } = await seed(db);
        const text = JSON.stringify({ made: Date.now(), demo: [...demo] });
        await db.destroy();
        await admin.query(`alter database "${building}" rename to "${name}"`);
        await admin.query(`comment on database "${name}" is ${admin.literal(text)}`);
      } catch (error) {
        await db.destroy();
        throw error;
      }
      comment = await readComment();
    }
    const { demo } = JSON.parse(comment as string) as { demo: [string, DemoAccount][] };
    return { name, seeded: { demo: new Map(demo) } };
  } finally {
    await admin.end();
  }
};

/** The templates this test file has found or made, by name: each is looked up (under the lock) once per file. */
const templates = new Map<string, Promise<Template>>();

const postgresTemplate = (url: string, settings: Record<string, string>, seed: (db: Db) => Promise<Seeded>): Promise<Template> => {
  const name = `mh_tpl_${templateDigest(settings)}`;
  let template = templates.get(name);
  if (!template) {
    template = makeTemplate(url, name, seed);
    // A failure is not kept: the next context tries again.
    template.catch(() => templates.delete(name));
    templates.set(name, template);
  }
  return template;
};

/**
 * Test databases dropped after their test, in the background, one after another; the file's `afterAll` waits
 * for the last. PostgreSQL checkpoints on every DROP DATABASE (two requested checkpoints each, seen in
 * pg_stat_bgwriter), which took 0.5–1.2 s here: the next test does not wait for it.
 */
let drops: Promise<void> = Promise.resolve();
const dropFailures: unknown[] = [];
const dropLater = (url: string, name: string): void => {
  drops = drops.then(async () => {
    try {
      const dropper = await adminConnection(url);
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    } catch (error) {
      dropFailures.push(error);
    }
  });
};

/**
 * Makes a copy of the template resettable in place (run once in each reused database, in one transaction).
 * Schema `mh_seed` keeps a copy of every table's seeded rows (in the template's order); schema `mh_reset`
 * keeps, per table of `public`, its row count and least and greatest `xmin` as they were after the last reset.
 * A row inserted or updated since has a newer `xmin` and a deleted one lowers the count, so a table compared
 * equal is as seeded: only the tables a test changed are deleted and reloaded (a few ms; TRUNCATE, which
 * gives each table and index new files, took 0.4–1.6 s for the ~40 tables a sign-in touches). Reloading runs
 * as `session_replication_role = replica`: no trigger fires (the app's own, the foreign keys' checks and
 * cascades, audit_log's append-only guard), the rows go back exactly as they were. Sequences are set back to
 * the template's values. An event trigger notes any DDL (a test adding a constraint or a trigger): such a
 * database is not reset but replaced.
 */
const PREPARE_SLOT = `
create schema mh_seed;
create schema mh_reset;
create table mh_reset.tables (name text primary key, rows bigint not null, lo bigint, hi bigint, reload text);
create table mh_reset.sequences (name text primary key, last_value bigint not null, is_called boolean not null);
create table mh_reset.ddl (at timestamptz not null default now());
do $prepare$
declare
  t record;
  n bigint;
  lo bigint;
  hi bigint;
  columns text;
  last bigint;
  called boolean;
  fingerprints text;
begin
  for t in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by c.relname loop
    execute format('select count(*), min(xmin::text::bigint), max(xmin::text::bigint) from public.%I', t.relname) into n, lo, hi;
    columns := (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
      where a.attrelid = format('public.%I', t.relname)::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '');
    if n > 0 then
      execute format('create table mh_seed.%I as select %s from public.%I', t.relname, columns, t.relname);
    end if;
    insert into mh_reset.tables values (t.relname, n, lo, hi,
      case when n > 0 then format('insert into public.%I (%s) overriding system value select %s from mh_seed.%I', t.relname, columns, columns, t.relname) end);
  end loop;
  for t in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' loop
    execute format('select last_value, is_called from public.%I', t.relname) into last, called;
    insert into mh_reset.sequences values (format('public.%I', t.relname), last, called);
  end loop;
  -- One statement over every table, its plan kept by PL/pgSQL between calls.
  fingerprints := (select string_agg(format('select %L::text, count(*), min(xmin::text::bigint), max(xmin::text::bigint) from public.%I', name, name), ' union all ') from mh_reset.tables);
  execute format('create function mh_reset.fingerprints() returns table (name text, rows bigint, lo bigint, hi bigint) language plpgsql stable as %L', 'begin return query ' || fingerprints || '; end');
end
$prepare$;
create function mh_reset.reset() returns text language plpgsql as $reset$
declare
  changed text[];
  t record;
begin
  if exists (select 1 from mh_reset.ddl) then
    return null;
  end if;
  select coalesce(array_agg(f.name), '{}') into changed from mh_reset.fingerprints() f join mh_reset.tables s on s.name = f.name
    where (f.rows, f.lo, f.hi) is distinct from (s.rows, s.lo, s.hi);
  if cardinality(changed) > 0 then
    perform set_config('session_replication_role', 'replica', true);
    for t in select * from mh_reset.tables where name = any(changed) loop
      execute format('delete from public.%I', t.name);
      if t.reload is not null then
        execute t.reload;
      end if;
    end loop;
    perform set_config('session_replication_role', 'origin', true);
    update mh_reset.tables s set rows = f.rows, lo = f.lo, hi = f.hi from mh_reset.fingerprints() f where f.name = s.name and s.name = any(changed);
  end if;
  perform setval(name::regclass, last_value, is_called) from mh_reset.sequences;
  return array_to_string(changed, ',');
end
$reset$;
create function mh_reset.note_ddl() returns event_trigger language plpgsql as $note$
begin
  insert into mh_reset.ddl default values;
end
$note$;
create event trigger mh_reset_note_ddl on ddl_command_end execute function mh_reset.note_ddl();
`;

/** A reused database this test file holds (its advisory lock is on `locks`), and a connection to it for resets. */
type Slot = { name: string; template: string; keeper: AdminConnection };

/** One connection per test file holding the locks of the reused databases it took: a crashed worker's are freed with it. */
let locks: Promise<AdminConnection> | null = null;
/** Reused databases this file holds and no open context uses, by template. */
const idle = new Map<string, Slot[]>();
const held: Slot[] = [];
/** The names of the reused databases this file holds or is asking the lock of. */
const claimed = new Set<string>();
let taken: Promise<unknown> = Promise.resolve();
const SLOT_LOCKS = 'merchant-hub test slots';

/** Creates `name` from the template, commits without waiting for the WAL flush, and prepares it for resets. */
const createSlot = async (admin: AdminConnection, url: string, name: string, template: string): Promise<AdminConnection> => {
  await admin.query(`create database "${name}" template "${template}"`);
  // Thrown away data: its commits need not wait for the WAL to reach the disk (on a busy disk that wait is most
  // of a PostgreSQL test's time). What each commit does and sees is unchanged.
  await admin.query(`alter database "${name}" set synchronous_commit = off`);
  const keeper = await adminConnection(withDatabase(url, name));
  await keeper.query(`begin; ${PREPARE_SLOT}; commit`);
  return keeper;
};

/** Takes the first reused database of the template no other test file (of any run) holds, making it if need be. */
const lockSlot = async (url: string, template: string): Promise<Slot> => {
  locks ??= adminConnection(url);
  const admin = await locks;
  for (let n = 0; ; n += 1) {
    const name = `${slotPrefix(template)}_${n}`;
    // This file's own (a session takes its advisory locks again).
    if (claimed.has(name)) continue;
    claimed.add(name);
    const [{ locked }] = await admin.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked', [SLOT_LOCKS, name]);
    if (!locked) {
      claimed.delete(name);
      continue;
    }
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).length > 0;
    let keeper: AdminConnection;
    if (exists) {
      keeper = await adminConnection(withDatabase(url, name));
      // Made by a run stopped between its CREATE DATABASE and the preparation: untouched since, prepared now.
      if ((await keeper.query<{ ready: boolean }>("select to_regproc('mh_reset.reset') is not null as ready"))[0].ready === false) await keeper.query(`begin; ${PREPARE_SLOT}; commit`);
    } else {
      keeper = await createSlot(admin, url, name, template);
    }
    const slot = { name, template, keeper };
    held.push(slot);
    return slot;
  }
};

/**
 * Brings a reused database back to the template's data. Connections a test left open on it are ended first (as
 * DROP DATABASE … WITH (FORCE) did), and waited for: nothing of the last test writes after the reset.
 */
const resetSlot = async (url: string, slot: Slot): Promise<void> => {
  const others = 'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()';
  await slot.keeper.query(`select pg_terminate_backend(pid) from (${others}) o`, [slot.name]);
  while ((await slot.keeper.query(others, [slot.name])).length > 0) await new Promise((resolve) => setImmediate(resolve));
  const [{ changed }] = await slot.keeper.query<{ changed: string | null }>('select mh_reset.reset() as changed');
  if (changed !== null) return;
  // A test changed the schema: the database is made again from the template.
  await slot.keeper.end();
  const admin = await (locks as Promise<AdminConnection>);
  await admin.query(`drop database "${slot.name}" with (force)`);
  slot.keeper = await createSlot(admin, url, slot.name, slot.template);
};

/** Ends this file's hold on its reused databases (they stay for the next file, reset when taken). */
const releaseSlots = async (): Promise<void> => {
  const ending = held.splice(0);
  idle.clear();
  claimed.clear();
  for (const slot of ending) await slot.keeper.end();
  const admin = locks;
  locks = null;
  if (admin) await (await admin).end();
};

/** Resolves once every test database closed so far is dropped and reused ones are let go; rejects when a drop failed. */
export const testDatabasesDropped = async (): Promise<void> => {
  await drops;
  await releaseSlots();
  if (dropFailures.length > 0) throw new Error(`${dropFailures.length} test database(s) not dropped`, { cause: dropFailures[0] });
};

// The importing test file waits for its drops and lets its reused databases go when it ends (Jest evaluates this
// module once per file). A file that imports it inside a test (lazy-dependencies) cannot add a hook there: its
// tests get databases of their own, whose drops finish behind the next file.
const hooked = expect.getState().currentTestName === undefined;
if (hooked) afterAll(testDatabasesDropped, 120_000);

export type PostgresTestDatabase = { url: string; seeded: Seeded; close: () => Promise<void> };

/**
 * A migrated, seeded PostgreSQL database for one test context, as `TEST_PG_URL`'s server holds it. `own`: a copy
 * of the template of its own (dropped in the background once closed), for a test that needs what a reset does
 * not bring back; otherwise a reused database reset to the template's data, taken back when closed.
 */
export const openPostgresDatabase = async ({ settings, seed, own = false }: { settings: Record<string, string>; seed: (db: Db) => Promise<Seeded>; own?: boolean }): Promise<PostgresTestDatabase> => {
  const url = process.env.TEST_PG_URL as string;
  const template = await postgresTemplate(url, settings, seed);
  if (own || !hooked) {
    const name = `mh_test_${randomBytes(6).toString('hex')}`;
    const admin = await adminConnection(url);
    try {
      await admin.query(`create database "${name}" template "${template.name}"`);
      await admin.query(`alter database "${name}" set synchronous_commit = off`);
    } finally {
      await admin.end();
    }
    return { url: withDatabase(url, name), seeded: template.seeded, close: async () => dropLater(url, name) };
  }
  // Contexts opened at once take their databases one after another: the lock connection runs one query at a time.
  const taking = taken.then(() => idle.get(template.name)?.pop() ?? lockSlot(url, template.name));
  taken = taking.catch(() => undefined);
  const slot = await taking;
  try {
    await resetSlot(url, slot);
  } catch (error) {
    // Not handed out again in this file; its lock goes with the file's.
    held.splice(held.indexOf(slot), 1);
    await slot.keeper.end().catch(() => undefined);
    throw error;
  }
  return {
    url: withDatabase(url, slot.name),
    seeded: template.seeded,
    close: async () => {
      if (!held.includes(slot)) return;
      const list = idle.get(template.name) ?? [];
      list.push(slot);
      idle.set(template.name, list);
    },
  };
};
