import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { openPostgresDatabase, type Seeded } from './postgres-test-databases';
import { templateDigest } from './source-digest';

export { testDatabasesDropped } from './postgres-test-databases';

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
  /**
   * PostgreSQL only: a copy of the template of this context's own, dropped once closed, instead of a reused
   * database reset to the seeded data (see postgres-test-databases.ts): for a test that needs its database to
   * be new (its name, what a reset does not bring back).
   */
  ownDatabase?: boolean;
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

const migrateAndSeed = async (db: Db, clock: FixedClock, config: AppConfig): Promise<Seeded> => {
  await migrateLatest(db);
  const modules = apiModules.filter((module) => module.enabled?.(config) ?? true);
  return seedDatabase({ db, clock, config, modules });
};

/**
 * SQLite's template: a database migrated and seeded once per code and settings, kept as its bytes; each test's
 * database is a copy of them, in memory or written to its file (~2 ms against ~0.6 s of CPU to migrate and
 * seed). The bytes and the demo accounts are kept in `tmp/test-templates/` under the digest of the sources and
 * the settings (as PostgreSQL's templates are named), so the next test file with the same settings, in this
 * worker, another or a later run, reads them instead of seeding again; a file is written under a temporary name
 * and renamed, so a reader never sees half of one. Files older than 6 hours are someone's earlier code: removed
 * when a new one is written.
 */
const sqliteTemplates = new Map<string, Promise<{ image: Buffer; seeded: Seeded }>>();
const SQLITE_TEMPLATE_DIR = path.resolve(__dirname, '../../../../tmp/test-templates');
const SQLITE_TEMPLATE_MAX_AGE_MS = 6 * 3600_000;

const readSqliteTemplate = (base: string): { image: Buffer; seeded: Seeded } | null => {
  try {
    const { demo } = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')) as { demo: [string, DemoAccount][] };
    return { image: fs.readFileSync(`${base}.sqlite`), seeded: { demo: new Map(demo) } };
  } catch {
    return null;
  }
};

const writeSqliteTemplate = (base: string, { image, seeded }: { image: Buffer; seeded: Seeded }): void => {
  fs.mkdirSync(SQLITE_TEMPLATE_DIR, { recursive: true });
  const now = Date.now();
  for (const entry of fs.readdirSync(SQLITE_TEMPLATE_DIR)) {
    const file = path.join(SQLITE_TEMPLATE_DIR, entry);
    try {
      if (now - fs.statSync(file).mtimeMs > SQLITE_TEMPLATE_MAX_AGE_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed by another worker meanwhile.
    }
  }
  const suffix = `${process.pid}-${now}`;
  // The image first: a reader takes the JSON's presence as the sign that both are there.
  fs.writeFileSync(`${base}.sqlite.${suffix}`, image);
  fs.renameSync(`${base}.sqlite.${suffix}`, `${base}.sqlite`);
  fs.writeFileSync(`${base}.json.${suffix}`, JSON.stringify({ demo: [...seeded.demo] }));
  fs.renameSync(`${base}.json.${suffix}`, `${base}.json`);
};

const sqliteTemplate = (config: AppConfig, clock: FixedClock, settings: Record<string, string>): Promise<{ image: Buffer; seeded: Seeded }> => {
  const key = JSON.stringify(settings);
  let template = sqliteTemplates.get(key);
  if (!template) {
    template = (async () => {
      const base = path.join(SQLITE_TEMPLATE_DIR, templateDigest(settings));
      const kept = readSqliteTemplate(base);
      if (kept) return kept;
      const db = createDb({ url: 'sqlite::memory:' });
      try {
        const seeded = await migrateAndSeed(db, clock, config);
        const made = { image: await serializeSqlite(db), seeded };
        writeSqliteTemplate(base, made);
        return made;
      } finally {
        await db.destroy();
      }
    })();
    template.catch(() => sqliteTemplates.delete(key));
    sqliteTemplates.set(key, template);
  }
  return template;
};

/**
 * A migrated, seeded database for one context: on SQLite a copy of the template (in memory or in a file); on
 * PostgreSQL a reused database reset to the template's data, or with `own` a copy of the template database.
 */
const openDatabase = async (kind: TestDbKind, config: AppConfig, clock: FixedClock, settings: Record<string, string>, file: string | null, own: boolean): Promise<{ db: Db; url: string | null; seeded: Seeded; drop: () => Promise<void> }> => {
  if (kind === 'sqlite') {
    const { image, seeded } = await sqliteTemplate(config, clock, settings);
    if (file) fs.writeFileSync(file, image);
    const db = file ? createDb({ url: `sqlite:${file}` }) : createDb({ url: 'sqlite::memory:', image });
    return { db, url: null, seeded, drop: async () => undefined };
  }
  const pg = await openPostgresDatabase({ settings, seed: (db) => migrateAndSeed(db, clock, config), own });
  return { db: createDb({ url: pg.url }), url: pg.url, seeded: pg.seeded, drop: pg.close };
};

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
  const { db, url: databaseUrl, seeded, drop } = await openDatabase(kind, config, clock, settings, dbDir && path.join(dbDir, 'test.sqlite'), options.ownDatabase ?? false);
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
