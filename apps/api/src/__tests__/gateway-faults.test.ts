import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandboxGateway, type SandboxGateway } from '../gateways/sandbox.gateway';
import { readLedgerFile } from '../gateways/sandbox-faults';
import type { ChargeInput } from '../gateways/port';
import { createEngine, type Engine, runDueBilling } from '../modules/billing';
import { expectFleetConsistent, seedFleet } from '../test-support/fleet';
import { createTestContext, testDatabases, type TestContext } from '../test-support/test-app';

/**
 * Issue 13, gateway faults: the provider times out, answers 500, is slow, or takes the money and loses the
 * answer. The engine retries with the same idempotency key, never charges twice, and a charge whose answer
 * was lost is found (replayed by its key) and recorded on the next run instead of being made again.
 */
describe.each(testDatabases)('gateway faults (%s)', (kind) => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx.close());
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-faults-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const now = () => Math.floor(ctx.clock.now().getTime() / 1000);
  /** An engine on the test database whose sandbox keeps its charges in a ledger file, as a remote provider would. */
  const setup = (): { engine: Engine; gateway: SandboxGateway; keys: string[]; ledger: string } => {
    const ledger = path.join(dir, 'ledger.jsonl');
    const gateway = createSandboxGateway({ db: ctx.db, clock: ctx.clock, publicUrl: 'http://localhost', ledgerFile: ledger });
    const keys: string[] = [];
    const charge = gateway.charge;
    gateway.charge = (input: ChargeInput, exec) => {
      keys.push(input.idempotencyKey);
      return charge(input, exec);
    };
    return { engine: createEngine({ db: ctx.db, clock: ctx.clock, gateway, publicUrl: 'http://localhost' }), gateway, keys, ledger };
  };
  const taken = (ledger: string) => readLedgerFile(ledger).filter((c) => c.status === 'succeeded');
  /** One scheduler run; whether it reports a merchant it could not settle or throws, only the books count. */
  const run = async (engine: Engine, merchantId?: number): Promise<void> => {
    await runDueBilling(engine, merchantId === undefined ? {} : { merchantId }).catch(() => undefined);
  };
  const paidRenewals = async (merchantIds: number[]) =>
    Number((await ctx.db('invoices').whereIn('merchant_id', merchantIds).where({ billing_reason: 'subscription_cycle', status: 'paid' }).count({ n: '*' }).first())?.n ?? 0);

  it('a timeout, a 500 and a slow answer: retried with the same key, charged once, paid in the same run', async () => {
    const { engine, gateway, keys, ledger } = setup();
    const { merchantIds } = await seedFleet(ctx.db, { merchants: 1, now: now(), clockOffsetDays: 10, kinds: ['renewal'] });
    gateway.faults.configure({ slowMs: 30 });
    gateway.faults.script(['timeout', 'error500', null]);
    await run(engine, merchantIds[0]);
    // Paid in this very run: the engine did not give up on the first timeout.
    expect(await paidRenewals(merchantIds)).toBe(1);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(taken(ledger)).toHaveLength(1);
    await expectFleetConsistent(ctx.db, merchantIds, readLedgerFile(ledger), now());
  });

  it('a renewal whose answer was lost (and the provider then down) is found on the next run, not charged again', async () => {
    const { engine, gateway, keys, ledger } = setup();
    const { merchantIds } = await seedFleet(ctx.db, { merchants: 1, now: now(), clockOffsetDays: 10, kinds: ['renewal'] });
    gateway.faults.script(['lose_answer', 'timeout', 'timeout']);
    await run(engine, merchantIds[0]);
    // The money is taken but no charge is recorded: the provider's answer never came.
    expect(taken(ledger)).toHaveLength(1);
    expect(await ctx.db('payments').where({ merchant_id: merchantIds[0], status: 'succeeded' })).toHaveLength(0);
    expect(await paidRenewals(merchantIds)).toBe(0);
    await run(engine, merchantIds[0]);
    // Reconciled: the same key replayed the first charge (a new invoice id must not make a new key).
    expect(new Set(keys).size).toBe(1);
    expect(taken(ledger)).toHaveLength(1);
    const paid = await ctx.db('invoices').where({ merchant_id: merchantIds[0], status: 'paid' });
    expect(paid).toHaveLength(1);
    expect((await ctx.db('payments').where({ invoice_id: paid[0].id }).first()).id).toBe(taken(ledger)[0].id);
    await expectFleetConsistent(ctx.db, merchantIds, readLedgerFile(ledger), now());
  });

  it('a dunning retry whose answer was lost is recorded on the next run with its one charge', async () => {
    const { engine, gateway, ledger } = setup();
    const { merchantIds } = await seedFleet(ctx.db, { merchants: 1, now: now(), clockOffsetDays: 2, kinds: ['retry'] });
    gateway.faults.script(['lose_answer', 'error500', 'timeout']);
    await run(engine, merchantIds[0]);
    expect(await ctx.db('payments').where({ merchant_id: merchantIds[0], status: 'succeeded' })).toHaveLength(0);
    await run(engine, merchantIds[0]);
    expect(taken(ledger)).toHaveLength(1);
    expect((await ctx.db('subscriptions').where({ merchant_id: merchantIds[0] }).first()).stripe_status).toBe('active');
    await expectFleetConsistent(ctx.db, merchantIds, readLedgerFile(ledger), now());
  });

  it('a merchant the provider keeps failing does not hold up the rest of the batch', async () => {
    const { engine, gateway, ledger } = setup();
    const { merchantIds } = await seedFleet(ctx.db, { merchants: 3, now: now(), clockOffsetDays: 10, kinds: ['renewal'] });
    gateway.faults.script(['error500', 'error500', 'error500']);
    await run(engine);
    expect(await paidRenewals(merchantIds)).toBe(2);
    await run(engine);
    expect(await paidRenewals(merchantIds)).toBe(3);
    expect(taken(ledger)).toHaveLength(3);
    await expectFleetConsistent(ctx.db, merchantIds, readLedgerFile(ledger), now());
  });
});
