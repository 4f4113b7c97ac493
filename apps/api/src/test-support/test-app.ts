import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../app';
import { createFixedClock, type FixedClock } from '../clock';
import { loadConfig, type AppConfig } from '../config';
import { createDb, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { seedDatabase } from '../db/seeds';
import type { DemoAccount } from '../db/seeds/seed-context';
import type { RateLimitSettings } from '../http/rate-limit';
import { createLogger } from '../http/logging';
import { createOutboxNotifier, type MailboxEntry, type Notifier } from '../modules/notifications';
import { apiModules } from '../modules/registry';

export type TestDbKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_PG_URL is set (CI sets it). */
export const testDatabases: TestDbKind[] = process.env.TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const FIXED_NOW = '2026-03-02T09:00:00.000Z';
export const CSRF = { 'X-Requested-With': 'merchant-hub' };

export type TestContext = {
  kind: TestDbKind;
  app: Express;
  db: Db;
  clock: FixedClock;
  config: AppConfig;
  notifier: Notifier;
  demo: ReadonlyMap<string, DemoAccount>;
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
};

const openDatabase = async (kind: TestDbKind): Promise<{ db: Db; drop: () => Promise<void> }> => {
  if (kind === 'sqlite') return { db: createDb({ url: 'sqlite::memory:' }), drop: async () => undefined };
  const url = process.env.TEST_PG_URL as string;
  const schema = `mh_test_${randomBytes(6).toString('hex')}`;
  const admin = createDb({ url });
  await admin.raw(`create schema "${schema}"`);
  const db = createDb({ url, searchPath: schema });
  return {
    db,
    drop: async () => {
      await admin.raw(`drop schema if exists "${schema}" cascade`);
      await admin.destroy();
    },
  };
};

/** A fresh migrated, seeded database behind a real app, with a fixed clock and a captured log stream. */
export const createTestContext = async (kind: TestDbKind, options: TestOptions = {}): Promise<TestContext> => {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SCRYPT_COST: '1024',
    STATIC_ROOT: path.join(uploadDir, 'no-static-apps'),
    UPLOAD_DIR: uploadDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const { db, drop } = await openDatabase(kind);
  const clock = createFixedClock(FIXED_NOW);
  await migrateLatest(db);
  const modules = apiModules.filter((module) => module.enabled?.(config) ?? true);
  const { demo } = await seedDatabase({ db, clock, config, modules });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const notifier = options.notifier ?? options.notifierFor?.({ db, clock, secret: config.sessionSecret }) ?? createOutboxNotifier({ db, clock, secret: config.sessionSecret });
  const app = createApp({ db, clock, notifier, config, logger: createLogger('info', stream), rateLimits: options.rateLimits ?? false });
  return {
    kind,
    app,
    db,
    clock,
    config,
    notifier,
    demo,
    logs,
    uploadDir,
    close: async () => {
      await db.destroy();
      await drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
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
