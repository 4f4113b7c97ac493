import fs from 'node:fs';
import path from 'node:path';
import { createDb, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrations';
import { seedReferenceData } from '../db/seeds/reference-data';
import { readLedgerFile } from '../gateways/sandbox-faults';
import { bundleApi, startApi, waitFor } from '../test-support/api-process';
import { expectFleetConsistent, fleetCounts, pgSchema, seedFleet, stuckSubscriptions } from '../test-support/fleet';
import { testDatabases } from '../test-support/test-app';

/**
 * Issue 13, crash safety: the real API process (the bundled main.ts) settles a fleet of merchants whose
 * renewals, dunning retries and scheduled downgrades all fell due on their test clocks, is killed with
 * SIGKILL in the middle of the batch, restarts and finishes. The sandbox gateway keeps its charges in a
 * ledger file outside the database, as a real provider would, so a charge made just before the kill stays
 * made. Afterwards the books must be exactly right.
 */
const MERCHANTS = 40;

let bundle: { dir: string; mainJs: string };
beforeAll(async () => {
  bundle = await bundleApi();
}, 120_000);
afterAll(() => fs.rmSync(bundle.dir, { recursive: true, force: true }));

type Target = { env: Record<string, string>; open: () => Db; drop: () => Promise<void> };

const target = async (kind: 'sqlite' | 'postgres', dir: string): Promise<Target> => {
  if (kind === 'sqlite') {
    const file = path.join(dir, 'crash.sqlite');
    return { env: { DATABASE_URL: `sqlite:${file}` }, open: () => createDb({ url: `sqlite:${file}` }), drop: async () => undefined };
  }
  const pg = await pgSchema(process.env.TEST_PG_URL as string);
  return { env: { DATABASE_URL: pg.databaseUrl }, open: () => pg.db, drop: pg.drop };
};

describe.each(testDatabases)('crash safety of the billing batch (%s)', (kind) => {
  it('SIGKILL in the middle of the batch: after a restart every period is invoiced once and charged at most once', async () => {
    const dir = fs.mkdtempSync(path.join(bundle.dir, `${kind}-`));
    const t = await target(kind, dir);
    let db = t.open();
    await migrateLatest(db);
    await seedReferenceData(db);
    const { merchantIds } = await seedFleet(db, { merchants: MERCHANTS, now: Math.floor(Date.now() / 1000), clockOffsetDays: 40 });
    if (kind === 'sqlite') await db.destroy();
    const ledger = path.join(dir, 'gateway-ledger.jsonl');
    const env = { ...t.env, SANDBOX_GATEWAY_LEDGER: ledger, SANDBOX_GATEWAY_FAULTS: 'slow=40,lose_answer=7,timeout=11', BILLING_SCHEDULER_INTERVAL_SECONDS: '1' };
    const taken = () => readLedgerFile(ledger).filter((c) => c.status === 'succeeded');

    const processes: { kill: (signal: NodeJS.Signals) => Promise<void> }[] = [];
    try {
      const first = await startApi(bundle.mainJs, dir, env);
      processes.push(first);
      // Killed once about a third of the batch's charges are made: mid-batch, most likely mid-merchant.
      await waitFor('a third of the batch', () => taken().length >= 20, 120_000, 20);
      await first.kill('SIGKILL');
      if (kind === 'sqlite') db = t.open();
      const before = await fleetCounts(db, merchantIds, taken().length);
      if (kind === 'sqlite') await db.destroy();

      const second = await startApi(bundle.mainJs, dir, env);
      processes.push(second);
      if (kind === 'sqlite') db = t.open();
      let last = -1;
      await waitFor(
        'the batch to finish after the restart',
        async () => {
          const settled = (await stuckSubscriptions(db, merchantIds)).length === 0 && taken().length === last;
          last = taken().length;
          return settled;
        },
        180_000,
        1000,
      );
      await second.kill('SIGTERM');
      const after = await fleetCounts(db, merchantIds, taken().length);
      console.log(`crash safety (${kind}): before the restart ${JSON.stringify(before)}; after ${JSON.stringify(after)}`);
      expect(before.gatewayRecords).toBeGreaterThan(0);
      expect(after.charges).toBeGreaterThan(before.charges);
      await expectFleetConsistent(db, merchantIds, readLedgerFile(ledger));
    } finally {
      for (const p of processes) await p.kill('SIGKILL');
      if (kind === 'sqlite') await db.destroy();
      await t.drop();
    }
  }, 300_000);
});
