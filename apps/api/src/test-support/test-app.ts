import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../app';
import { createFixedClock, type FixedClock } from '../clock';
import { loadConfig, type AppConfig } from '../config';
import { createDb, serializeSqlite, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { seedDatabase } from '../db/seeds';
import type { DemoAccount } from '../db/seeds/seed-context';
import type { RateLimitSettings } from '../http/rate-limit';
import { createLogger } from '../http/logging';
import type { MailboxEntry } from '../modules/mailbox';
import { createOutboxNotifier, type Notifier } from '../modules/notifications';
import { apiModules } from '../modules/registry';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

export type TestDbKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_PG_URL is set (CI sets it). */
export const testDatabases: TestDbKind[] = process.env.TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The payment gateway the billing, checkout and renewal suites run against: the embedded sandbox, or (the jest
 * project `api-stripe`, MH_TEST_GATEWAY=stripe) the real Stripe gateway and SDK talking to a local fake of
 * Stripe's API (test-support/fake-stripe.ts).
 */
export type TestGatewayKind = 'sandbox' | 'stripe';
export const testGateway: TestGatewayKind = process.env.MH_TEST_GATEWAY === 'stripe' ? 'stripe' : 'sandbox';

/** The webhook signing secret the Stripe-gateway runs configure and the fake signs its events with. */
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_merchant_hub_tests';

export const FIXED_NOW = '2026-03-02T09:00:00.000Z';
export const CSRF = { 'X-Requested-With': 'merchant-hub' };

export type TestContext = {
  kind: TestDbKind;
  app: Express;
  db: Db;
  /** PostgreSQL: the test database's URL, for a second pool on the same data (SQLite's is in memory: none). */
  databaseUrl: string | null;
  clock: FixedClock;
  config: AppConfig;
  notifier: Notifier;
  demo: ReadonlyMap<string, DemoAccount>;
  /** With the Stripe gateway: the fake Stripe API the app talks to (its webhooks go to this app). */
  stripe: FakeStripe | null;
  logs: string[];
  uploadDir: string;
  close: () => Promise<void>;
};

export type TestOptions = {
  rateLimits?: false | Partial<RateLimitSettings>;
  env?: Record<string, string>;
  notifier?: Notifier;
  /** A notifier built on the test's own database (e.g. the SMTP sender, which queues in the outbox). */
  notifierFor?: (deps: { db: Db; clock: FixedClock; secret: string }) => Notifier;
  /** SQLite only: a database file (in the test's own directory) instead of memory, as `npm start` runs it. */
  sqliteFile?: boolean;
  /** The payment gateway (default: {@link testGateway}); `stripe` starts a fake Stripe API for this context. */
  gateway?: TestGatewayKind;
};

/** What a sandbox card's behaviour is, as one of Stripe's test numbers (the fake reads the number). */
const TEST_NUMBER_OF: Record<string, string> = {
  succeed: '4242424242424242',
  decline: '4000000000000002',
  insufficient_funds: '4000000000009995',
  lost_card: '4000000000009987',
  expired_card: '4000000000000069',
  incorrect_cvc: '4000000000000127',
  always_3ds: '4000002760003184',
  setup_3ds: '4000002500003155',
  attach_then_fail: '4000000000000341',
};

/**
 * The demo data is seeded through the sandbox gateway; with Stripe, the fake learns those customers and cards
 * under the same ids, as if they had been made in that Stripe account.
 */
const adoptSeededObjects = async (db: Db, stripe: FakeStripe): Promise<void> => {
  for (const row of await db('billing_accounts').whereNotNull('gateway_customer_id').select('gateway_customer_id', 'email', 'name')) {
    stripe.adoptCustomer(String(row.gateway_customer_id), { email: row.email ?? undefined, name: row.name ?? undefined });
  }
  for (const row of await db('sandbox_payment_methods').select('id', 'customer', 'behavior', 'exp_month', 'exp_year')) {
    stripe.adoptCard({ id: String(row.id), customer: row.customer ?? null, number: TEST_NUMBER_OF[String(row.behavior)] ?? TEST_NUMBER_OF.succeed, expMonth: Number(row.exp_month), expYear: Number(row.exp_year) });
  }
};

/** The database URL `url` names, with its database replaced by `name`. */
const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/**
 * What a freshly migrated and seeded database depends on: the API's and the libraries' sources (migrations,
 * seeds, the billing engine the seeds drive) and the configuration. Read once per test file, a few ms.
 */
const sourceDigest = (() => {
  let digest: string | undefined;
  return (): string => {
    if (digest) return digest;
    const hash = createHash('sha256');
    const repo = path.resolve(__dirname, '../../../..');
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== '__tests__' && entry.name !== 'node_modules') walk(full);
        } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          hash.update(full.slice(repo.length)).update(fs.readFileSync(full));
        }
      }
    };
    walk(path.join(repo, 'apps/api/src'));
    walk(path.join(repo, 'libs'));
    digest = hash.digest('hex');
    return digest;
  };
})();

type Seeded = { demo: ReadonlyMap<string, DemoAccount> };

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

const migrateAndSeed = async (db: Db, clock: FixedClock, config: AppConfig): Promise<Seeded> => {
  await migrateLatest(db);
  const modules = apiModules.filter((module) => module.enabled?.(config) ?? true);
  return seedDatabase({ db, clock, config, modules });
};

/** Templates older than this are someone's earlier code: dropped when a new one is made. */
const TEMPLATE_MAX_AGE_MS = 6 * 3600_000;

/**
 * A PostgreSQL database migrated and seeded once for this code and configuration (named by their digest), kept
 * as a template: each test's database is a copy of it (`CREATE DATABASE … TEMPLATE`, ~0.1 s against ~1 s to
 * migrate and seed). Test files running in parallel make it once, under an advisory lock; the demo accounts
 * the seed returned are kept in the template's comment.
 */
const makeTemplate = async (url: string, name: string, config: AppConfig, clock: FixedClock): Promise<{ name: string; seeded: Seeded }> => {
  const admin = await adminConnection(url);
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', ['merchant-hub test templates']);
    const readComment = async (): Promise<string | null> =>
      (await admin.query<{ comment: string | null }>('select shobj_description(oid, $2) as comment from pg_database where datname = $1', [name, 'pg_database']))[0]?.comment ?? null;
    let comment = await readComment();
    if (comment === null) {
      for (const { datname, comment: other } of (await admin.query<{ datname: string; comment: string | null }>("select datname, shobj_description(oid, 'pg_database') as comment from pg_database where datname like 'mh\\_tpl\\_%'"))) {
        const made = Number((JSON.parse(other ?? '{}') as { made?: number }).made ?? 0);
        if (Date.now() - made > TEMPLATE_MAX_AGE_MS) await admin.query(`drop database if exists "${datname}" with (force)`);
      }
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const db = createDb({ url: withDatabase(url, building) });
      try {
        const { demo } = await migrateAndSeed(db, clock, config);
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
const templates = new Map<string, Promise<{ name: string; seeded: Seeded }>>();

const postgresTemplate = (url: string, config: AppConfig, clock: FixedClock, settings: Record<string, string>): Promise<{ name: string; seeded: Seeded }> => {
  const name = `mh_tpl_${createHash('sha256').update(sourceDigest()).update(JSON.stringify(settings)).digest('hex').slice(0, 16)}`;
  let template = templates.get(name);
  if (!template) {
    template = makeTemplate(url, name, config, clock);
    // A failure is not kept: the next context tries again.
    template.catch(() => templates.delete(name));
    templates.set(name, template);
  }
  return template;
};

/**
 * SQLite's template: a database migrated and seeded once per test file and settings, kept as its bytes; each
 * test's database is a copy of them, in memory or written to its file (~2 ms against ~0.25 s of CPU to migrate
 * and seed, which most test files otherwise paid once per test).
 */
const sqliteTemplates = new Map<string, Promise<{ image: Buffer; seeded: Seeded }>>();

const sqliteTemplate = (config: AppConfig, clock: FixedClock, settings: Record<string, string>): Promise<{ image: Buffer; seeded: Seeded }> => {
  const key = JSON.stringify(settings);
  let template = sqliteTemplates.get(key);
  if (!template) {
    template = (async () => {
      const db = createDb({ url: 'sqlite::memory:' });
      try {
        const seeded = await migrateAndSeed(db, clock, config);
        return { image: await serializeSqlite(db), seeded };
      } finally {
        await db.destroy();
      }
    })();
    template.catch(() => sqliteTemplates.delete(key));
    sqliteTemplates.set(key, template);
  }
  return template;
};

/** A migrated, seeded database of its own: a copy of the template (in memory or in a file for SQLite, a database for PostgreSQL). */
const openDatabase = async (kind: TestDbKind, config: AppConfig, clock: FixedClock, settings: Record<string, string>, file: string | null): Promise<{ db: Db; url: string | null; seeded: Seeded; drop: () => Promise<void> }> => {
  if (kind === 'sqlite') {
    const { image, seeded } = await sqliteTemplate(config, clock, settings);
    if (file) fs.writeFileSync(file, image);
    const db = file ? createDb({ url: `sqlite:${file}` }) : createDb({ url: 'sqlite::memory:', image });
    return { db, url: null, seeded, drop: async () => undefined };
  }
  const url = process.env.TEST_PG_URL as string;
  const template = await postgresTemplate(url, config, clock, settings);
  const name = `mh_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminConnection(url);
  await admin.query(`create database "${name}" template "${template.name}"`);
  // A test's database is thrown away: its commits need not wait for the WAL to reach the disk (on a busy disk
  // that wait is most of a PostgreSQL test's time). What each commit does and sees is unchanged.
  await admin.query(`alter database "${name}" set synchronous_commit = off`);
  await admin.end();
  const own = withDatabase(url, name);
  return {
    db: createDb({ url: own }),
    url: own,
    seeded: template.seeded,
    drop: async () => dropLater(url, name),
  };
};

/**
 * Test databases dropped after their test, in the background, one after another; the file's `afterAll` waits
 * for the last. PostgreSQL checkpoints on every DROP DATABASE (two requested checkpoints each, seen in
 * pg_stat_bgwriter), which took 0.5–1.2 s here: the next test no longer waits for it.
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

/** Resolves once every test database closed so far is dropped; rejects when a drop failed. */
export const testDatabasesDropped = async (): Promise<void> => {
  await drops;
  if (dropFailures.length > 0) throw new Error(`${dropFailures.length} test database(s) not dropped`, { cause: dropFailures[0] });
};
// The importing test file waits for its drops when it ends (Jest evaluates this module once per file). A file
// that imports it inside a test (lazy-dependencies) cannot add a hook there: its drops finish behind the next file.
if (expect.getState().currentTestName === undefined) afterAll(testDatabasesDropped, 120_000);

/** A fresh migrated, seeded database behind a real app, with a fixed clock and a captured log stream. */
export const createTestContext = async (kind: TestDbKind, options: TestOptions = {}): Promise<TestContext> => {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-uploads-'));
  // What the configuration of every test's database depends on (the upload directory is each test's own).
  const named = options.env?.PAYMENT_GATEWAY;
  const gateway = options.gateway ?? (named === 'sandbox' || named === 'stripe' ? named : testGateway);
  const stripeSettings: Record<string, string> = gateway === 'stripe' ? { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_merchant_hub', STRIPE_PUBLISHABLE_KEY: 'pk_test_merchant_hub', STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET } : {};
  const settings: Record<string, string> = { NODE_ENV: 'test', SCRYPT_COST: '1024', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info', ...stripeSettings, ...options.env };
  const stripe = gateway === 'stripe' ? await startFakeStripe({ webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? TEST_STRIPE_WEBHOOK_SECRET }) : null;
  // The fake's port is not part of `settings`: it changes every run, and nothing seeded depends on it.
  const config = loadConfig({ STATIC_ROOT: path.join(uploadDir, 'no-static-apps'), UPLOAD_DIR: uploadDir, ...settings, ...(stripe ? { STRIPE_API_BASE: stripe.url } : {}) });
  const clock = createFixedClock(FIXED_NOW);
  // Beside the uploads, never in them (they are served).
  const dbDir = options.sqliteFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'mh-db-')) : null;
  const { db, url: databaseUrl, seeded, drop } = await openDatabase(kind, config, clock, settings, dbDir && path.join(dbDir, 'test.sqlite'));
  const { demo } = seeded;
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const notifier = options.notifier ?? options.notifierFor?.({ db, clock, secret: config.sessionSecret }) ?? createOutboxNotifier({ db, clock, secret: config.sessionSecret });
  const app = createApp({ db, clock, notifier, config, logger: createLogger('info', stream), rateLimits: options.rateLimits ?? false });
  if (stripe) {
    await adoptSeededObjects(db, stripe);
    stripe.setWebhookTarget(async (payload, headers) => (await request(app).post('/api/webhooks/stripe').set(headers).send(payload)).status);
  }
  return {
    kind,
    app,
    db,
    databaseUrl,
    clock,
    config,
    notifier,
    demo,
    stripe,
    logs,
    uploadDir,
    close: async () => {
      await stripe?.close();
      await db.destroy();
      await drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
      if (dbDir) fs.rmSync(dbDir, { recursive: true, force: true });
    },
  };
};

export const DEMO_PASSWORD = 'Merchant2026';

export type { MailboxEntry };

export const mailbox = async (ctx: TestContext, to: string): Promise<MailboxEntry[]> => {
  const res = await request(ctx.app).get('/api/dev/mailbox').query({ to });
  expect(res.status).toBe(200);
  return res.body.data as MailboxEntry[];
};

export const latestCode = async (ctx: TestContext, to: string): Promise<string> => {
  const [message] = await mailbox(ctx, to);
  if (!message?.code) throw new Error(`no code in the mailbox of ${to}`);
  return message.code;
};

/** Password check + code + login: returns the bearer token. */
export const signIn = async (ctx: TestContext, email: string, password = DEMO_PASSWORD): Promise<{ token: string; body: Record<string, unknown> }> => {
  const status = await request(ctx.app).post('/api/erpCheckOTPStatus').send({ email, password });
  expect(status.status).toBe(200);
  if (!status.body.skip_otp) {
    const code = await latestCode(ctx, email);
    const submit = await request(ctx.app).post('/api/erpSubmitOTP').send({ email, code });
    expect(submit.status).toBe(200);
  }
  const login = await request(ctx.app).post('/api/login').send({ email, password });
  expect(login.status).toBe(200);
  return { token: login.body.access_token as string, body: login.body };
};

/** Every text value in every table, to prove a secret never landed in the database in clear text. */
export const dumpDatabase = async (db: Db, tables: string[]): Promise<string> => {
  const parts: string[] = [];
  for (const table of tables) parts.push(JSON.stringify(await db(table).select()));
  return parts.join('\n');
};

export const ALL_TABLES = [
  'users',
  'sessions',
  'one_time_codes',
  'password_reset_tokens',
  'activation_tokens',
  'merchant_creation_tokens',
  'trial_registrations',
  'outbox',
  'merchants',
  'stores',
];
