import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import request from 'supertest';
import { createApp } from '../app';
import { createFixedClock } from '../clock';
import { loadConfig, type AppConfig } from '../config';
import { createDb } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { createLogger } from '../http/logging';
import { createOutboxNotifier } from '../modules/notifications';
import { LIVE_ENV } from '../test-support/live-env';

const LIVE = LIVE_ENV;
const STAGE = { ECPAY_MERCHANT_ID: '3002607', ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6', ECPAY_HASH_IV: 'EkRm7iFT261dpevs' };
/** ECPay's second public test shop (REFERENCE.md): its keys are as public as the stage shop's. */
const SHOP_2000132 = { ECPAY_MERCHANT_ID: '2000132', ECPAY_HASH_KEY: '5294y06JbISpM5x9', ECPAY_HASH_IV: 'v77hoKGq4kWxNNIS' };

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env, '/repo');
  } catch (error) {
    return (error as Error).message;
  }
  return 'started';
};

describe('production refuses sandbox payments', () => {
  it('starts with live Stripe and ECPay production credentials', () => {
    expect(refusal(LIVE)).toBe('started');
  });

  it.each([
    ['PAYMENT_GATEWAY=sandbox', { PAYMENT_GATEWAY: 'sandbox' }, /PAYMENT_GATEWAY=sandbox/],
    ['ECPAY_MODE=sandbox', { ECPAY_MODE: 'sandbox' }, /ECPAY_MODE=sandbox/],
    ['ECPAY_MODE=stage', { ECPAY_MODE: 'stage' }, /ECPAY_MODE=stage/],
    ['the stage MerchantID', { ECPAY_MERCHANT_ID: STAGE.ECPAY_MERCHANT_ID }, /public stage shop \(MerchantID 3002607\)/],
    ['the stage HashKey', { ECPAY_HASH_KEY: STAGE.ECPAY_HASH_KEY }, /public stage shop/],
    ['the stage HashIV', { ECPAY_HASH_IV: STAGE.ECPAY_HASH_IV }, /public stage shop/],
    // Issue 25 #5: a test key gives plans away, a missing publishable key leaves the card field blank, and
    // ECPay's other public test shop is as open as the stage one.
    ['a Stripe test secret key', { STRIPE_SECRET_KEY: 'sk_test_51abc' }, /STRIPE_SECRET_KEY is a test key \(sk_test_…\)/],
    ['a Stripe restricted test key', { STRIPE_SECRET_KEY: 'rk_test_51abc' }, /STRIPE_SECRET_KEY is a test key \(rk_test_…\)/],
    ['a Stripe test publishable key', { STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc' }, /STRIPE_PUBLISHABLE_KEY is a test key \(pk_test_…\)/],
    ['no STRIPE_PUBLISHABLE_KEY', { STRIPE_PUBLISHABLE_KEY: '' }, /STRIPE_PUBLISHABLE_KEY is required with PAYMENT_GATEWAY=stripe/],
    ['the test shop 2000132', SHOP_2000132, /public test shop \(MerchantID 2000132\)/],
    ['the test shop 2000132\'s HashKey', { ECPAY_HASH_KEY: SHOP_2000132.ECPAY_HASH_KEY }, /public test shop \(MerchantID 2000132\)/],
    ['the test shop 2000132\'s HashIV', { ECPAY_HASH_IV: SHOP_2000132.ECPAY_HASH_IV }, /public test shop \(MerchantID 2000132\)/],
  ])('refuses %s', (_name, change, problem) => {
    const message = refusal({ ...LIVE, ...change });
    expect(message).toMatch(/^Refusing to start in production/);
    expect(message).toMatch(problem);
  });

  it('points the Stripe SDK at STRIPE_API_BASE outside production, and refuses anything but Stripe\'s API in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }, '/repo').stripe.api).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(loadConfig({ NODE_ENV: 'test', STRIPE_API_BASE: 'http://127.0.0.1:12111' }, '/repo').stripe.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(refusal({ NODE_ENV: 'test', STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toMatch(/STRIPE_API_BASE: must be an origin/);
    expect(refusal({ ...LIVE, STRIPE_API_BASE: 'https://api.stripe.com/' })).toBe('started');
    const message = refusal({ ...LIVE, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(message).toMatch(/^Refusing to start in production/);
    expect(message).toMatch(/STRIPE_API_BASE=http:\/\/127\.0\.0\.1:12111 is not Stripe's API/);
  });

  it.each([
    ['SANDBOX_GATEWAY_FAULTS', { SANDBOX_GATEWAY_FAULTS: 'lose_answer=3' }],
    ['SANDBOX_GATEWAY_LEDGER', { SANDBOX_GATEWAY_LEDGER: '/tmp/ledger.jsonl' }],
  ])('refuses the test-only %s', (_name, change) => {
    expect(refusal({ ...LIVE, ...change })).toMatch(/SANDBOX_GATEWAY_FAULTS and SANDBOX_GATEWAY_LEDGER are test-only/);
    expect(loadConfig({ NODE_ENV: 'test', ...change }, '/repo').sandboxFaults ?? loadConfig({ NODE_ENV: 'test', ...change }, '/repo').sandboxLedgerFile).toBeTruthy();
  });

  it('says each Stripe and ECPay test setting on its own line', () => {
    const message = refusal({ ...LIVE, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: '', ...SHOP_2000132 });
    const lines = message.split('\n').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => /STRIPE_SECRET_KEY is a test key/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /STRIPE_PUBLISHABLE_KEY is required/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /MerchantID 2000132/.test(line))).toHaveLength(1);
    expect(refusal({ ...LIVE, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toMatch(/STRIPE_PUBLISHABLE_KEY is a test key/);
  });

  it('names every problem of the default (sandbox) settings at once', () => {
    const message = refusal({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) });
    expect(message).toMatch(/PAYMENT_GATEWAY=sandbox/);
    expect(message).toMatch(/ECPAY_MODE=sandbox/);
    expect(message).toMatch(/fall(s)? back to the public stage keys/);
  });

  it('has no way to let production take sandbox or test payments: the old staging opt-in is refused too', () => {
    for (const value of ['staging', 'yes']) {
      const message = refusal({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40), ALLOW_SANDBOX_IN_PRODUCTION: value, ...STAGE });
      expect(message).toMatch(/ALLOW_SANDBOX_IN_PRODUCTION is no longer accepted/);
      expect(message).toMatch(/PAYMENT_GATEWAY=sandbox/);
      expect(refusal({ ...LIVE, ALLOW_SANDBOX_IN_PRODUCTION: value })).toMatch(/ALLOW_SANDBOX_IN_PRODUCTION is no longer accepted/);
    }
  });
});

describe('production has no sandbox or development routes', () => {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-prod-'));
  const db = createDb({ url: 'sqlite::memory:' });
  const clock = createFixedClock('2026-03-02T09:00:00.000Z');

  beforeAll(async () => {
    await migrateLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  // Built by hand: loadConfig would refuse these settings. The routes must not exist even if a config slips through.
  const appWith = (config: AppConfig) =>
    createApp({ db, clock, config, notifier: createOutboxNotifier({ db, clock, secret: config.sessionSecret }), logger: createLogger('silent'), rateLimits: false });
  const sandboxConfig = (): AppConfig => ({ ...loadConfig({ NODE_ENV: 'test', STATIC_ROOT: path.join(uploadDir, 'none'), UPLOAD_DIR: uploadDir }), nodeEnv: 'production' });

  const probes: Array<[string, string]> = [
    ['post', '/api/sandbox/payment-methods'],
    ['post', '/api/sandbox/clock/advance'],
    ['get', '/api/sandbox/fpx/pi_1'],
    ['post', '/api/sandbox/fpx/pi_1/complete'],
    ['get', '/api/sandbox/3ds/pi_1'],
    ['post', '/api/sandbox/3ds/pi_1/complete'],
    ['post', '/api/sandbox/ecpay/cashier'],
    ['post', '/api/sandbox/ecpay/cashier/complete'],
    ['get', '/api/dev/mailbox?to=a@b.test'],
    ['get', '/api/dev/mailbox.html'],
  ];

  it.each(probes)('%s %s answers 404 in production', async (method, url) => {
    const app = appWith(sandboxConfig());
    const res = await (method === 'get' ? request(app).get(url) : request(app).post(url).set('X-Requested-With', 'merchant-hub').send({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('the real entry point', () => {
  // Inside the workspace, so the bundle's external packages resolve from its node_modules.
  const workspaceRoot = path.resolve(__dirname, '../../../..');
  fs.mkdirSync(path.join(workspaceRoot, 'tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(workspaceRoot, 'tmp', 'mh-main-'));
  const mainJs = path.join(dir, 'main.js');

  beforeAll(async () => {
    const apiRoot = path.resolve(__dirname, '../..');
    await build({ entryPoints: [path.join(apiRoot, 'src/main.ts')], outfile: mainJs, bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', tsconfig: path.join(apiRoot, 'tsconfig.app.json'), logLevel: 'silent' });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  type Run = { code: number | null; stdout: string; stderr: string };
  /** Runs the bundled main.ts; `until` ends it (SIGTERM) once stdout matches. */
  const run = (env: Record<string, string>, until?: RegExp): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [mainJs], {
        cwd: workspaceRoot,
        env: { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`, UPLOAD_DIR: path.join(dir, 'uploads'), STATIC_ROOT: path.join(dir, 'none'), LOG_LEVEL: 'warn', ...env },
      });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
        if (until?.test(stdout)) child.kill('SIGTERM');
      });
      child.stderr.on('data', (chunk) => (stderr += String(chunk)));
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });

  it('NODE_ENV=production with sandbox settings exits 1 naming each problem', async () => {
    const result = await run({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40), PAYMENT_GATEWAY: 'sandbox', ECPAY_MODE: 'stage', ...STAGE });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Refusing to start in production/);
    expect(result.stderr).toMatch(/PAYMENT_GATEWAY=sandbox/);
    expect(result.stderr).toMatch(/ECPAY_MODE=stage/);
    expect(result.stderr).toMatch(/MerchantID 3002607/);
    expect(result.stdout).not.toMatch(/listening/);
  }, 40_000);
});
