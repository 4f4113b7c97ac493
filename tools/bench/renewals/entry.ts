import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFixedClock } from '../../../apps/api/src/clock';
import { createDb } from '../../../apps/api/src/db/knex';
import { migrateLatest } from '../../../apps/api/src/db/migrations';
import { seedReferenceData } from '../../../apps/api/src/db/seeds/reference-data';
import { createSandboxGateway } from '../../../apps/api/src/gateways/sandbox.gateway';
import { createEngine, runDueBilling } from '../../../apps/api/src/modules/billing';
import { createOutboxNotifier } from '../../../apps/api/src/modules/notifications';
import { APPLICATION_NAME, watchRun } from './stats';

const NOW = Date.parse('2026-03-02T09:00:00Z') / 1000;
/** The accounts tables keep timestamps (bound as Dates, as the API does); billing tables keep epoch seconds. */
const AT = new Date(NOW * 1000);

/** A fresh SQLite file, or a fresh schema of the PostgreSQL database at `pgUrl` (dropped by `drop`). */
const openDb = async (file: string, pgUrl: string | undefined) => {
  if (!pgUrl) {
    fs.rmSync(file, { force: true });
    return { db: createDb({ url: `sqlite:${file}` }), drop: async () => undefined };
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = createDb({ url: pgUrl });
  await admin.raw(`create schema "${schema}"`);
  return {
    db: createDb({ url: pgUrl, searchPath: schema }),
    drop: async () => {
      await admin.raw(`drop schema if exists "${schema}" cascade`);
      await admin.destroy();
    },
  };
};

const SEEDED = ['users', 'merchants', 'sandbox_payment_methods', 'payment_methods', 'billing_accounts', 'subscriptions'];

/** N merchants, each with a monthly MY Growth plan whose period ended a minute ago and a 4242 card. */
const seed = async (file: string, n: number, pgUrl: string | undefined) => {
  const { db, drop } = await openDb(file, pgUrl);
  await migrateLatest(db);
  await seedReferenceData(db);
  const country = Number((await db('countries').where({ iso_code: 'MY' }).first('id')).id);
  const pkg = await db('packages').where({ stripe_id: 'price_my_growth_monthly' }).first('id', 'stripe_id');
  const chunk = 200;
  for (let start = 0; start < n; start += chunk) {
    const ids = Array.from({ length: Math.min(chunk, n - start) }, (_, i) => start + i + 1);
    await db.transaction(async (tx) => {
      await tx('users').insert(ids.map((id) => ({ id, name: `Bench ${id}`, email: `bench${id}@bench.test`, password_hash: 'x', created_at: AT, updated_at: AT })));
      await tx('merchants').insert(ids.map((id) => ({ id, owner_user_id: id, name: `Bench ${id}`, country_id: country, currency_code: 'MYR', created_at: AT, updated_at: AT })));
      await tx('sandbox_payment_methods').insert(ids.map((id) => ({ id: `pm_bench_${id}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, behavior: 'succeed', customer: `cus_bench_${id}`, created_at: NOW })));
      await tx('payment_methods').insert(ids.map((id) => ({ id: `pm_bench_${id}`, merchant_id: id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, created_at: NOW })));
      await tx('billing_accounts').insert(ids.map((id) => ({ merchant_id: id, currency: 'MYR', default_payment_method: `pm_bench_${id}`, gateway_customer_id: `cus_bench_${id}`, created_at: NOW, updated_at: NOW })));
      await tx('subscriptions').insert(
        ids.map((id) => ({
          merchant_id: id,
          name: 'default',
          stripe_status: 'active',
          stripe_plan: pkg.stripe_id,
          stripe_id: `sub_bench_${id}`,
          package_id: pkg.id,
          current_period_start: NOW - 28 * 86_400 - 60,
          current_period_end: NOW - 60,
          billing_cycle_anchor: NOW - 28 * 86_400 - 60,
          created_at: NOW,
          updated_at: NOW,
        })),
      );
    });
  }
  // Statistics, as autovacuum keeps them on a live database (a fresh schema has none until it gets round to it,
  // and the planner then guesses); only the seeded tables: ANALYZE alone would read the whole shared database.
  if (pgUrl) await db.raw(`analyze ${SEEDED.join(', ')}`);
  return { db, drop };
};

/**
 * Seconds the bench's main thread (the schedulers, Knex, SQLite) has run on a CPU (Linux's schedstat; NaN
 * elsewhere): on this shared machine its N to 2N ratio moves less than the wall time's.
 */
const mainThreadCpu = (): number => {
  try {
    return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return Number.NaN;
  }
};

/** On PostgreSQL, this many scheduler instances (each with its own connection pool) run at once. */
const PG_INSTANCES = 2;

const measure = async (n: number, dir: string, pgUrl: string | undefined, withStats: boolean) => {
  const { db, drop } = await seed(path.join(dir, `renewals-${n}.sqlite`), n, pgUrl);
  const clock = createFixedClock(new Date(NOW * 1000));
  const schedulerUrl = (url: string) => {
    const tagged = new URL(url);
    tagged.searchParams.set('application_name', APPLICATION_NAME);
    return tagged.toString();
  };
  const instances = pgUrl ? Array.from({ length: PG_INSTANCES }, () => createDb({ url: schedulerUrl(pgUrl), searchPath: db.client.config.searchPath?.[0] })) : [db];
  // As in production: each paid renewal queues its receipt (encrypted, with the invoice PDF attached at send time)
  // in the outbox, in the transaction that records the charge.
  const secret = randomBytes(32).toString('hex');
  const engines = instances.map((idb) =>
    createEngine({
      db: idb,
      clock,
      gateway: createSandboxGateway({ db: idb, clock, publicUrl: 'http://localhost' }),
      notifier: createOutboxNotifier({ db: idb, clock, secret }),
      publicUrl: 'http://localhost',
    }),
  );
  const stats = withStats ? watchRun(instances, pgUrl !== undefined) : null;
  const cpuBefore = mainThreadCpu();
  const started = process.hrtime.bigint();
  const reports = await Promise.all(engines.map((engine) => runDueBilling(engine, { limit: n })));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuSeconds = mainThreadCpu() - cpuBefore;
  const statsLines = stats ? await stats.stop(n, seconds, db) : [];
  const renewed = reports.reduce((sum, r) => sum + r.renewed, 0);
  const count = async (query: ReturnType<typeof db> | ReturnType<typeof db.from>) => Number((await query.count({ c: '*' }).first())?.c);
  const paid = await count(db('invoices').where({ status: 'paid' }));
  const charges = await count(db('sandbox_intents').where({ kind: 'payment' }));
  const payments = await count(db('payments'));
  // Each subscription renewed once: one invoice per subscription, one period on.
  const twice = await count(db.from(db('invoices').groupBy('subscription_id').havingRaw('count(*) > 1').select('subscription_id').as('t')));
  const moved = await count(db('subscriptions').where({ current_period_start: NOW - 60 }));
  for (const idb of instances) if (idb !== db) await idb.destroy();
  await db.destroy();
  await drop();
  if (renewed !== n || paid !== n || charges !== n || payments !== n || twice !== 0 || moved !== n) {
    throw new Error(`expected ${n} renewals, got ${renewed} (${paid} paid invoices, ${charges} charges, ${payments} payments, ${twice} renewed twice, ${moved} periods moved)`);
  }
  return { n, seconds, cpuSeconds, perSecond: n / seconds, instances: reports.map((r) => r.renewed), statsLines };
};

/** The median of a few numbers (the middle one; the lower middle of an even count). */
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * `rounds` > 1: N and 2N alternate that many times, each on a fresh database, and each size's median time is
 * printed (with every round's), so one slow moment of a shared machine does not decide the ratio.
 */
export const main = async (n: number, dir: string, pgUrl?: string, withStats = false, rounds = 1) => {
  fs.mkdirSync(dir, { recursive: true });
  console.log(pgUrl ? `PostgreSQL (${pgUrl.replace(/\/\/[^@/]*@/, '//…@')}), a fresh schema per run, ${PG_INSTANCES} schedulers at once` : 'SQLite, a fresh file per run');
  const runs: Awaited<ReturnType<typeof measure>>[][] = [[], []];
  for (let round = 0; round < rounds; round++) {
    runs[0].push(await measure(n, dir, pgUrl, withStats));
    runs[1].push(await measure(2 * n, dir, pgUrl, withStats));
  }
  const results = runs.map((sizeRuns) => {
    const seconds = median(sizeRuns.map((r) => r.seconds));
    const cpuSeconds = median(sizeRuns.map((r) => r.cpuSeconds));
    return { ...(sizeRuns.find((r) => r.seconds === seconds) ?? sizeRuns[0]), seconds, cpuSeconds, perSecond: sizeRuns[0].n / seconds, all: sizeRuns.map((r) => r.seconds) };
  });
  for (const r of results) {
    const each = rounds > 1 ? ` (median of ${rounds}: ${r.all.map((s) => s.toFixed(2)).join(', ')} s)` : '';
    console.log(`N=${r.n}: ${r.seconds.toFixed(2)} s, ${r.perSecond.toFixed(0)} renewals/s${each}${r.instances.length > 1 ? ` (by instance: ${r.instances.join(' + ')}; each subscription renewed once)` : ''}`);
    for (const line of r.statsLines) console.log(line);
  }
  const [a, b] = results;
  console.log(`time(2N)/time(N) = ${(b.seconds / a.seconds).toFixed(2)} (2.00 is linear)`);
  // The same ratio of the main thread's time on a CPU: the work itself, without the waits for a core or a disk.
  if (Number.isFinite(a.cpuSeconds)) console.log(`  by main-thread CPU: ${(b.cpuSeconds / a.cpuSeconds).toFixed(2)} (${a.cpuSeconds.toFixed(2)} s and ${b.cpuSeconds.toFixed(2)} s)`);
};
