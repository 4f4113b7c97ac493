import fs from 'node:fs';
import path from 'node:path';
import { merchantDirectoryQuerySchema, staffSearchQuerySchema, type MerchantDirectoryQueryInput } from '@merchant-hub/validation';
import type { AppDeps } from '../../../apps/api/src/app-deps';
import { createFixedClock } from '../../../apps/api/src/clock';
import { createDb, type Db } from '../../../apps/api/src/db/knex';
import { migrateLatest } from '../../../apps/api/src/db/migrations';
import { refreshSql } from '../../../apps/api/src/db/migrations/401-staff-directory';
import { directoryTriggers } from '../../../apps/api/src/db/migrations/910-staff-directory-billing-triggers';
import { seedReferenceData } from '../../../apps/api/src/db/seeds/reference-data';
import { createStaffService } from '../../../apps/api/src/modules/staff';

const NOW = Date.parse('2026-03-02T09:00:00Z') / 1000;
const DAY = 86_400;
const MARKETS = ['MY', 'SG', 'PH', 'TH', 'TW'] as const;
const CURRENCY = { MY: 'MYR', SG: 'SGD', PH: 'PHP', TH: 'THB', TW: 'TWD' } as const;
const WORDS = ['Kedai', 'Lion', 'Manila', 'Bangkok', 'Taipei', 'Fresh', 'Goods', 'Crafts', 'Tea', 'Snacks', 'Outlet', 'Market', 'Trading', 'Studio', 'House'];

/** A deterministic pseudo-random sequence, so two runs seed the same data. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/**
 * N merchants spread over the five markets: 70 % active, 5 % past due (with a failed payment this week), 5 %
 * ending (grace), 5 % with a scheduled change and 15 % without a plan; one store each, owner e-mail and phone.
 * Batch inserts in one transaction with the directory triggers dropped, then one refresh (as an import would).
 */
const seed = async (db: Db, n: number) => {
  await migrateLatest(db);
  await seedReferenceData(db);
  const countries = new Map((await db('countries').select('id', 'iso_code')).map((row) => [String(row.iso_code), Number(row.id)]));
  const packages = await db('packages').where({ is_addon: false }).select('id', 'market', 'billing_period', 'group_key');
  const plansOf = (market: string) => packages.filter((p) => p.market === market);
  const random = rng(42);
  const chunk = 400;
  // A bulk load: the directory triggers go while rows load, and one refresh fills the columns after.
  await directoryTriggers(db, 'drop');
  await db.transaction(async (tx) => {
    let subscriptionId = 0;
    for (let start = 0; start < n; start += chunk) {
      const ids = Array.from({ length: Math.min(chunk, n - start) }, (_, i) => start + i + 1);
      const users: object[] = [];
      const merchants: object[] = [];
      const stores: object[] = [];
      const subs: object[] = [];
      const payments: object[] = [];
      for (const id of ids) {
        const market = MARKETS[id % MARKETS.length];
        const name = `${WORDS[Math.floor(random() * WORDS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]} ${id}`;
        const created = NOW - Math.floor(random() * 700) * DAY;
        users.push({ id, name: `Owner ${id}`, email: `owner${id}@shop${id % 97}.test`, phone: `+6${String(10_000_000 + id)}`, password_hash: 'x', created_at: new Date(created * 1000), updated_at: new Date(created * 1000) });
        merchants.push({ id, owner_user_id: id, name, country_id: countries.get(market), currency_code: CURRENCY[market], created_at: new Date(created * 1000), updated_at: new Date(created * 1000) });
        stores.push({ id, merchant_id: id, name: `${name} Store`, email: `store${id}@shop${id % 97}.test`, currency_code: CURRENCY[market], created_at: new Date(created * 1000), updated_at: new Date(created * 1000) });
        const roll = random();
        if (roll < 0.15) continue;
        const plans = plansOf(market);
        const plan = plans[Math.floor(random() * plans.length)];
        const periodEnd = NOW + Math.floor(random() * 30 * DAY);
        const status = roll < 0.2 ? 'past_due' : 'active';
        const endsAt = roll >= 0.2 && roll < 0.3 ? periodEnd : null;
        subscriptionId += 1;
        subs.push({ id: subscriptionId, merchant_id: id, name: 'default', stripe_status: status, stripe_plan: String(plan.id), stripe_id: `sub_b${subscriptionId}`, package_id: plan.id, ends_at: endsAt, current_period_start: periodEnd - 30 * DAY, current_period_end: periodEnd, billing_cycle_anchor: periodEnd, next_retry_at: status === 'past_due' ? NOW + DAY : null, created_at: created, updated_at: created });
        if (roll >= 0.25 && roll < 0.3) {
          subscriptionId += 1;
          subs.push({ id: subscriptionId, merchant_id: id, name: 'default', stripe_status: 'trialing', stripe_plan: String(plans[0].id), stripe_id: `sub_b${subscriptionId}`, package_id: plans[0].id, trial_ends_at: periodEnd, created_at: NOW - DAY, updated_at: NOW - DAY });
        }
        if (status === 'past_due') {
          payments.push({ id: `pay_b${id}`, merchant_id: id, method_type: 'card', amount: 9900, currency: CURRENCY[market], status: 'failed', failure_code: 'card_declined', idempotency_key: `b${id}`, created_at: NOW - 2 * DAY });
        }
      }
      await tx('users').insert(users);
      await tx('merchants').insert(merchants);
      await tx('stores').insert(stores);
      if (subs.length > 0) await tx('subscriptions').insert(subs);
      if (payments.length > 0) await tx('payments').insert(payments);
    }
  });
  await db.raw(refreshSql(false, '1 = 1'));
  await directoryTriggers(db, 'create');
  await db.raw('analyze');
};

/**
 * What the global search (issue 27) looks for, added once to a seeded file (so `--reuse` of an older file gets it
 * too): per merchant one card (random last 4; 5 % share the test card 4242), one invoice `MH-5nnnnn` paid by the
 * PaymentIntent `pi_g<id>_0`, three card payments (`pi_g<id>_0..2`) of plan-like amounts, and for every Taiwan
 * merchant a paid ECPay checkout order `MHB<id>`. Loaded with the directory triggers dropped (no payment here
 * fails, so no directory column changes).
 */
const AMOUNTS = [9_900, 19_900, 29_900, 4_900, 129_000];
const invoiceNumberOf = (id: number) => `MH-${String(500_000 + id).padStart(6, '0')}`;
const seedSearchData = async (db: Db, n: number) => {
  if (await db('payment_methods').where('id', 'pm_g1').first('id')) return;
  const started = Date.now();
  const random = rng(7);
  await directoryTriggers(db, 'drop');
  await db.transaction(async (tx) => {
    const chunk = 150; // 3 payments each: SQLite allows 500 rows in one multi-row insert
    for (let start = 0; start < n; start += chunk) {
      const ids = Array.from({ length: Math.min(chunk, n - start) }, (_, i) => start + i + 1);
      const cards: object[] = [];
      const invoices: object[] = [];
      const payments: object[] = [];
      const orders: object[] = [];
      for (const id of ids) {
        const market = MARKETS[id % MARKETS.length];
        const currency = CURRENCY[market];
        const last4 = random() < 0.05 ? '4242' : String(Math.floor(random() * 10_000)).padStart(4, '0');
        const at = NOW - Math.floor(random() * 300) * DAY;
        cards.push({ id: `pm_g${id}`, merchant_id: id, brand: 'visa', last4, exp_month: 12, exp_year: 2030, created_at: at });
        invoices.push({ id: `in_g${id}`, number: invoiceNumberOf(id), merchant_id: id, status: 'paid', currency, subtotal: AMOUNTS[id % 5], total: AMOUNTS[id % 5], amount_due: AMOUNTS[id % 5], amount_paid: AMOUNTS[id % 5], collection_method: 'charge_automatically', billing_reason: 'subscription_cycle', period_start: at, period_end: at + 30 * DAY, payment_intent_id: `pi_g${id}_0`, created_at: at });
        for (let k = 0; k < 3; k += 1) {
          payments.push({ id: `pi_g${id}_${k}`, merchant_id: id, invoice_id: k === 0 ? `in_g${id}` : null, payment_method_id: `pm_g${id}`, method_type: 'card', amount: AMOUNTS[(id + k) % 5], currency, status: 'succeeded', idempotency_key: `g${id}_${k}`, created_at: at + k * 30 * DAY });
        }
        if (market === 'TW') orders.push({ channel: 'ecpay', trade_no: `MHB${id}`, result_token_hash: `g${id}`.padEnd(64, '0'), status: 'paid', package_id: 1, email: `owner${id}@shop${id % 97}.test`, form_json: '{}', amount: 29_900, currency, merchant_id: id, created_at: at, updated_at: at });
      }
      await tx('payment_methods').insert(cards);
      await tx('invoices').insert(invoices);
      await tx('payments').insert(payments);
      if (orders.length > 0) await tx('checkout_orders').insert(orders);
    }
  });
  await directoryTriggers(db, 'create');
  await db.raw('analyze');
  console.log(`added the global search's cards, invoices, payments and ECPay orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/**
 * Staff tags (issue 27, capability 2), added once to a seeded file: `reseller` on every 5th merchant (20 %), `vip`
 * on every 100th (1 %), `enterprise` on every 1,000th (0.1 %), and a `watch-<n>` tag on every 50th merchant (no
 * two alike: many distinct tags for the tag list).
 */
const seedTags = async (db: Db, n: number) => {
  if (await db('merchant_tags').first('merchant_id')) return;
  const rows: { merchant_id: number; tag: string; added_by_user_id: number; created_at: number }[] = [];
  for (let id = 1; id <= n; id += 1) {
    const add = (tag: string) => rows.push({ merchant_id: id, tag, added_by_user_id: 1, created_at: NOW });
    if (id % 5 === 0) add('reseller');
    if (id % 100 === 0) add('vip');
    if (id % 1000 === 0) add('enterprise');
    if (id % 50 === 0) add(`watch-${id}`);
  }
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 200) await tx('merchant_tags').insert(rows.slice(start, start + 200));
  });
  await db.raw('analyze');
};

/** The global search at N merchants: p50/p95 of each kind of text (target p95 ≤ 50 ms), or `--explain`'s plans. */
const benchGlobalSearch = async (db: Db, n: number, explainOnly: boolean) => {
  await seedSearchData(db, n);
  const service = createStaffService({ db, clock: createFixedClock(new Date(NOW * 1000)) } as unknown as AppDeps);
  const search = (q: string) => service.search(staffSearchQuerySchema.parse({ q }));
  const card = await db('payment_methods').where('id', 'pm_g4711').first('last4');
  const scenarios: [string, string][] = [
    ['invoice number', invoiceNumberOf(4711)],
    ['invoice number, lower case', invoiceNumberOf(4711).toLowerCase()],
    ['payment id', 'pi_g4711_2'],
    ['PaymentIntent id (invoice + payment)', 'pi_g4711_0'],
    ['ECPay MerchantTradeNo', 'MHB4714'],
    ['card last 4 + amount', `${String(card?.last4)} ${(AMOUNTS[4711 % 5] / 100).toFixed(2)}`],
    ['card 4242 (5 % of cards) + amount', '4242 99.00'],
    ['e-mail', 'owner4711@shop'],
    ['e-mail, 2 letters', 'ow'],
    ['phone, typed with spaces', '+61 000 4711'],
    ['store name', 'tea house'],
    ['no match (invoice shape)', 'MH-999999'],
    ['no match (text)', 'zzzz'],
  ];
  if (explainOnly) {
    for (const [name, q] of scenarios) await explain(db, `global search: ${name} "${q}"`, () => search(q));
    return;
  }
  const rounds = 20;
  const all: number[] = [];
  console.log(`\nglobal search, ${n.toLocaleString('en')} merchants${' '.repeat(14)}results    p50        p95`);
  for (const [name, q] of scenarios) {
    const found = (await search(q)).results.length; // warm
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const t = process.hrtime.bigint();
      await search(q);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(`${`${name} "${q}"`.padEnd(52)} ${String(found).padStart(3)} ${percentile(times, 50).toFixed(1).padStart(7)} ms ${percentile(times, 95).toFixed(1).padStart(7)} ms`);
  }
  all.sort((a, b) => a - b);
  console.log(`ALL global search ${scenarios.length} searches × ${rounds}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (target p95 ≤ 50 ms)`);
};

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Each search's statements and SQLite's plan for them (`--explain`). */
const explain = async (db: Db, name: string, run: () => Promise<unknown>) => {
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const listener = (query: { sql: string; bindings?: unknown[] }) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on('query', listener);
  const t = process.hrtime.bigint();
  await run();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  db.off('query', listener);
  console.log(`\n## ${name} (${ms.toFixed(1)} ms, ${statements.length} statements)`);
  for (const statement of statements) {
    const started = process.hrtime.bigint();
    await db.raw(statement.sql, statement.bindings as never);
    const took = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`  ${took.toFixed(1).padStart(6)} ms  ${statement.sql.slice(0, 300)}`);
    const plan: { detail: string }[] = await db.raw(`explain query plan ${statement.sql}`, statement.bindings as never);
    for (const step of plan) console.log(`             ${step.detail}`);
  }
};

/** The searches' groups, for a p95 per view. */
const viewOf = (name: string): string =>
  name.startsWith('type') || name.startsWith('no match') ? 'search as you type' : name.startsWith('filter') ? 'filters' : name.startsWith('tag') ? 'tags (issue 27)' : name.startsWith('attention') ? 'attention view + counts' : 'pages and sorts';

/**
 * `search`: the global search's figures (issue 27) instead of the directory's (`explain` prints its plans).
 * `reuse`: keep an existing database file of the same size (its pending migrations run on it), so a second run
 * measures the same data without seeding again; `explain`: print each search's statements and plans instead.
 */
export const main = async (n: number, workDir: string, options: { reuse?: boolean; explain?: boolean; search?: boolean } = {}) => {
  fs.mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, `staff-directory-${n}.sqlite`);
  const reuse = options.reuse === true && fs.existsSync(file);
  if (!reuse) fs.rmSync(file, { force: true });
  const db = createDb({ url: `sqlite:${file}` });
  const started = Date.now();
  if (reuse) {
    await migrateLatest(db);
    await db.raw('analyze');
    console.log(`reused ${file} (${Number((await db('merchants').count({ n: '*' }).first())?.n).toLocaleString('en')} merchants), migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    await seed(db, n);
    console.log(`seeded ${n.toLocaleString('en')} merchants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (options.search) {
    await benchGlobalSearch(db, n, options.explain === true);
    return db.destroy();
  }
  await seedTags(db, n);
  const service = createStaffService({ db, clock: createFixedClock(new Date(NOW * 1000)) } as unknown as AppDeps);
  // Same data, same run: every search without the trigram index (migration 402) and with it.
  const modes: [string, boolean][] = [
    ['before (like scan)', false],
    ['after (trigram index)', true],
  ];
  const rounds = 20;
  const results = new Map<string, { p50: number; p95: number }[]>();
  const overall: string[] = [];
  for (const [label, textIndex] of modes) {
    const search = (input: MerchantDirectoryQueryInput) => service.directory(merchantDirectoryQuerySchema.parse(input), { textIndex });
    const firstPage = await search({});
    const typing = ['o', 'ow', 'own', 'owne', 'owner', 'owner4', 'owner47', 'owner471', 'owner4711', 'owner4711@', 'owner4711@shop'];
    const scenarios: [string, () => Promise<unknown>][] = [
      ...typing.map((q): [string, () => Promise<unknown>] => [`type e-mail "${q}"`, () => search({ q })]),
      ['type store name "Tea House"', () => search({ q: 'tea house' })],
      ['type phone "+610004711"', () => search({ q: '+610004711' })],
      ['no match "zzzz"', () => search({ q: 'zzzz' })],
      ['no match "qqq@nowhere"', () => search({ q: 'qqq@nowhere' })],
      // Two letters are below the trigram index: a string that few merchants contain reads the whole name index.
      ['no match, 2 letters "zq"', () => search({ q: 'zq' })],
      ['filter market=SG state=past_due', () => search({ market: 'SG', state: 'past_due' })],
      ['filter plan=Growth period=yearly', () => search({ plan: 'Growth', period: 'yearly' })],
      ['filter state=change_scheduled sort=-next_billing', () => search({ state: 'change_scheduled', sort: '-next_billing' })],
      ['attention view', () => search({ view: 'attention' })],
      ['tag=reseller (20 %)', () => search({ tag: 'reseller' })],
      ['tag=vip (1 %)', () => search({ tag: 'vip' })],
      ['tag=enterprise (0.1 %)', () => search({ tag: 'enterprise' })],
      ['tag=vip state=past_due', () => search({ tag: 'vip', state: 'past_due' })],
      ['tag=reseller q="tea house"', () => search({ tag: 'reseller', q: 'tea house' })],
      ['tag=vip sort=-next_billing', () => search({ tag: 'vip', sort: '-next_billing' })],
      ['tag nobody has', () => search({ tag: 'no-such-tag' })],
      ['tag list', () => service.tags()],
      ['attention counts', () => service.attentionCounts()],
      ['next page (name)', () => search({ cursor: firstPage.next_cursor ?? undefined })],
      ['sort -created, page 1', () => search({ sort: '-created' })],
      ['sort next_billing, page 1', () => search({ sort: 'next_billing' })],
    ];
    if (options.explain) {
      if (textIndex) for (const [name, run] of scenarios) await explain(db, name, run);
      continue;
    }
    const all: number[] = [];
    const byView = new Map<string, number[]>();
    for (const [name, run] of scenarios) {
      await run(); // warm
      const times: number[] = [];
      for (let i = 0; i < rounds; i += 1) {
        const t = process.hrtime.bigint();
        await run();
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      byView.set(viewOf(name), [...(byView.get(viewOf(name)) ?? []), ...times]);
      results.set(name, [...(results.get(name) ?? []), { p50: percentile(times, 50), p95: percentile(times, 95) }]);
    }
    all.sort((a, b) => a - b);
    for (const [view, times] of byView) {
      times.sort((a, b) => a - b);
      overall.push(`    ${label.padEnd(22)} ${view.padEnd(24)} ${String(times.length / rounds).padStart(2)} searches: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
    }
    overall.push(`ALL ${label.padEnd(22)} ${scenarios.length} searches × ${rounds}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (target p95 ≤ 50 ms)`);
  }
  if (options.explain) return db.destroy();
  const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(1).padStart(7)} ms`;
  console.log(`${'search'.padEnd(52)} ${'before p50'.padStart(10)} ${'p95'.padStart(10)}   ${'after p50'.padStart(10)} ${'p95'.padStart(10)}`);
  for (const [name, [before, after]] of results) console.log(`${name.padEnd(52)} ${ms(before?.p50)} ${ms(before?.p95)}   ${ms(after?.p50)} ${ms(after?.p95)}`);
  console.log(overall.join('\n'));
  await db.destroy();
};
