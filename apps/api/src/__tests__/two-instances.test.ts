import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { seedReferenceData } from '../db/seeds/reference-data';
import { readLedgerFile } from '../gateways/sandbox-faults';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limit';
import { type ApiProcess, bundleApi, startApi, waitFor } from '../test-support/api-process';
import { expectFleetConsistent, pgSchema, seedFleet, stuckSubscriptions } from '../test-support/fleet';
import { DEMO_PASSWORD } from '../test-support/test-app';

/**
 * Issue 13, two instances: two API processes on one PostgreSQL database, both schedulers on. jest.config.cjs
 * runs this file only when TEST_PG_URL is set (SQLite is one writer on one machine by design).
 */
const pgUrl = process.env.TEST_PG_URL ?? '';
const FLEET = 1000;

describe('two API instances on one PostgreSQL database', () => {
  let bundle: { dir: string; mainJs: string };
  let pg: Awaited<ReturnType<typeof pgSchema>>;
  let db: Db;
  let a: ApiProcess;
  let b: ApiProcess;
  let ledger: string;

  beforeAll(async () => {
    bundle = await bundleApi();
    pg = await pgSchema(pgUrl);
    db = pg.db;
    await migrateLatest(db);
    await seedReferenceData(db);
    ledger = path.join(bundle.dir, 'gateway-ledger.jsonl');
    const env = { DATABASE_URL: pg.databaseUrl, SANDBOX_GATEWAY_LEDGER: ledger, SCHEDULER_INTERVAL_MS: '1000', LOG_LEVEL: 'info' };
    // The first seeds the demo accounts into the empty database; the second finds them there.
    a = await startApi(bundle.mainJs, bundle.dir, env);
    b = await startApi(bundle.mainJs, bundle.dir, env);
  }, 180_000);

  afterAll(async () => {
    await a?.kill('SIGKILL');
    await b?.kill('SIGKILL');
    await pg?.drop();
    fs.rmSync(bundle.dir, { recursive: true, force: true });
  });

  const post = (api: ApiProcess, url: string, body: unknown, token?: string) =>
    fetch(`${api.baseUrl}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'merchant-hub', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

  /** Password and code on one instance, the code read and the session opened on the other. */
  const signIn = async (email: string, first: ApiProcess, second: ApiProcess): Promise<string> => {
    expect((await post(first, '/erpCheckOTPStatus', { email, password: DEMO_PASSWORD })).status).toBe(200);
    const mail = (await (await fetch(`${second.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { data: { code?: string }[] };
    expect((await post(second, '/erpSubmitOTP', { email, code: mail.data[0]?.code })).status).toBe(200);
    const login = await post(first, '/login', { email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return login.body.access_token as string;
  };
  const merchantOf = async (email: string): Promise<number> => Number((await db('merchants').join('users', 'users.id', 'merchants.owner_user_id').where('users.email', email).first('merchants.id')).id);
  const succeeded = async (merchantId: number): Promise<number> => Number((await db('payments').where({ merchant_id: merchantId, status: 'succeeded' }).count({ n: '*' }).first())?.n ?? 0);
  /** The same request 20 times at once, alternating between the instances. */
  const twenty = (url: string, body: unknown, token: string) => Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 === 0 ? a : b, url, body, token)));

  it(`renews each of ${FLEET} due subscriptions exactly once with both schedulers running`, async () => {
    const { merchantIds } = await seedFleet(db, { merchants: FLEET, now: Math.floor(Date.now() / 1000), clockOffsetDays: 0, kinds: ['renewal'] });
    // All due at once: every test clock jumps 10 days (one renewal each).
    await db('sandbox_clocks').whereIn('merchant_id', merchantIds).update({ offset_seconds: 10 * 86_400 });
    const taken = () => readLedgerFile(ledger).filter((c) => c.status === 'succeeded' && c.idempotency_key.startsWith('renewal:'));
    let last = -1;
    await waitFor(
      'every renewal',
      async () => {
        const settled = (await stuckSubscriptions(db, merchantIds)).length === 0 && taken().length === last;
        last = taken().length;
        return settled;
      },
      240_000,
      2000,
      async () => ({ providerCharges: taken().length, stuck: (await stuckSubscriptions(db, merchantIds)).length, renewalInvoices: (await db('invoices').whereIn('merchant_id', merchantIds).where({ billing_reason: 'subscription_cycle' })).length }),
    );
    const cycles = await db('invoices').whereIn('merchant_id', merchantIds).where({ billing_reason: 'subscription_cycle' });
    const runs = (api: ApiProcess) => (api.output().match(/billing scheduler run/g) ?? []).length;
    console.log(`two instances: ${cycles.length} renewal invoices for ${FLEET} subscriptions, ${taken().length} provider charges; scheduler runs with work: A ${runs(a)}, B ${runs(b)}`);
    expect(cycles).toHaveLength(FLEET);
    expect(cycles.every((i) => i.status === 'paid')).toBe(true);
    expect(taken()).toHaveLength(FLEET);
    await expectFleetConsistent(db, merchantIds, readLedgerFile(ledger).filter((c) => c.idempotency_key.startsWith('renewal:')));
  }, 300_000);

  it('a session made on one instance works on the other', async () => {
    const token = await signIn('merchant-my@demo.test', a, b);
    const res = await fetch(`${b.baseUrl}/api/users/billing/all`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await post(b, '/logout', {}, token)).status).toBeLessThan(300);
    expect((await fetch(`${a.baseUrl}/api/users/billing/all`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  }, 60_000);

  it('20 concurrent retries, upgrades and add-cards split across both instances make one charge each', async () => {
    const sg = await signIn('merchant-sg@demo.test', b, a);
    const sgId = await merchantOf('merchant-sg@demo.test');
    const card = (await post(a, '/sandbox/payment-methods', { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' })).body.id as string;
    const added = await twenty('/users/billing/add-card', { payment_method: card }, sg);
    expect(added.filter((r) => r.status >= 500)).toEqual([]);
    expect(added.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await db('payment_methods').where({ id: card })).toHaveLength(1);
    expect((await post(b, '/users/billing/set-as-primary-card', { id: card }, sg)).status).toBe(200);
    const before = await succeeded(sgId);
    const retries = await twenty('/users/billing/retry-payment', { type: 'default' }, sg);
    expect(retries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(retries.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await succeeded(sgId)).toBe(before + 1);

    const my = await signIn('merchant-my@demo.test', a, b);
    const myId = await merchantOf('merchant-my@demo.test');
    const pro = Number((await db('packages').where({ stripe_id: 'price_my_pro_monthly' }).first('id')).id);
    const myBefore = await succeeded(myId);
    const upgrades = await twenty('/users/billing/downgrade-or-upgrade', { package_id: pro, type: 'upgrade' }, my);
    expect(upgrades.filter((r) => r.status === 200)).toHaveLength(1);
    expect(upgrades.filter((r) => r.status >= 500)).toEqual([]);
    expect(await succeeded(myId)).toBe(myBefore + 1);
  }, 120_000);

  it('holds the sign-in and code limits across both instances (one count in the database, issue 26)', async () => {
    // Each instance counting alone would let through twice each limit, half on each.
    const alternate = async (url: string, body: unknown, times: number): Promise<number[]> => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) statuses.push((await post(i % 2 === 0 ? a : b, url, body)).status);
      return statuses;
    };
    const { login, otpSubmit } = DEFAULT_RATE_LIMITS;
    const passwords = await alternate('/login', { email: 'merchant-ph@demo.test', password: 'wrong-password' }, login.perAccount + 2);
    expect(passwords.slice(0, login.perAccount).filter((status) => status === 429)).toEqual([]);
    expect(passwords.slice(login.perAccount)).toEqual([429, 429]);
    const codes = await alternate('/erpSubmitOTP', { email: 'merchant-th@demo.test', code: '000000' }, otpSubmit.perAccount + 2);
    expect(codes.slice(0, otpSubmit.perAccount).filter((status) => status === 429)).toEqual([]);
    expect(codes.slice(otpSubmit.perAccount)).toEqual([429, 429]);
    // Another account is not held back by these.
    expect((await post(b, '/login', { email: 'merchant-tw@demo.test', password: 'wrong-password' })).status).toBe(401);
  }, 60_000);
});
