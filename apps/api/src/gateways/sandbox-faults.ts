import fs from 'node:fs';
import { GatewayError } from './port';

/**
 * Test-only misbehaviour of the sandbox gateway (issue 13): a charge that times out or answers 500 before it
 * reaches the provider, a slow answer, or an answer lost after the money was taken. Never built in
 * production: `loadConfig` refuses SANDBOX_GATEWAY_FAULTS and SANDBOX_GATEWAY_LEDGER there.
 */
export type ChargeFault = 'timeout' | 'error500' | 'lose_answer';

export type FaultSettings = {
  /** Milliseconds every charge answer waits. */
  slowMs?: number;
  /** Every n-th charge call fails that way (the counter is per process). */
  every?: Partial<Record<ChargeFault, number>>;
};

export type SandboxFaults = {
  /** The next charge calls fail in this order, one fault (or `null`: no fault) per call. */
  script: (faults: (ChargeFault | null)[]) => void;
  configure: (settings: FaultSettings) => void;
  /** The fault of the next charge call, if any. */
  next: () => ChargeFault | null;
  slowMs: () => number;
  /** Nothing scripted or configured: no charge call would fail or wait. */
  quiet: () => boolean;
};

/** `slow=200,timeout=5,error500=7,lose_answer=3` → settings; anything else is a configuration error. */
export const parseFaultSettings = (text: string): FaultSettings => {
  const settings: FaultSettings = { every: {} };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(slow|timeout|error500|lose_answer)=(\d{1,7})$/.exec(part);
    if (!match) throw new Error(`unknown fault "${part}" (expected slow=<ms>, timeout=<n>, error500=<n> or lose_answer=<n>)`);
    const value = Number(match[2]);
    if (match[1] === 'slow') settings.slowMs = value;
    else if (value > 0) (settings.every as Record<string, number>)[match[1]] = value;
  }
  return settings;
};

export const createSandboxFaults = (initial: FaultSettings = {}): SandboxFaults => {
  let settings = initial;
  let queue: (ChargeFault | null)[] = [];
  let calls = 0;
  return {
    script: (faults) => (queue = [...faults]),
    configure: (next) => {
      settings = next;
      calls = 0;
    },
    next: () => {
      calls += 1;
      if (queue.length > 0) return queue.shift() ?? null;
      for (const [fault, n] of Object.entries(settings.every ?? {}) as [ChargeFault, number][]) if (n > 0 && calls % n === 0) return fault;
      return null;
    },
    slowMs: () => settings.slowMs ?? 0,
    quiet: () => queue.length === 0 && !settings.slowMs && !Object.values(settings.every ?? {}).some((n) => n > 0),
  };
};

export const faultError = (fault: ChargeFault): GatewayError =>
  new GatewayError(
    'gateway_unavailable',
    fault === 'timeout' ? 'Sandbox fault: the request timed out' : fault === 'error500' ? 'Sandbox fault: the provider answered 500' : 'Sandbox fault: the connection dropped after the charge was made',
  );

export type LedgerCharge = { id: string; idempotency_key: string; request_hash: string; status: string; amount: number; currency: string; customer: string; row: Record<string, unknown> };

/**
 * The provider's own record of every charge it made, kept outside the application's database and
 * transactions (as Stripe's is): an append-only JSON-lines file that survives a SIGKILL of the API and is
 * shared by every process given the same path. Without it the sandbox keeps its charges in the caller's
 * transaction, where a crash takes them back together with the invoice.
 */
export const createChargeLedger = (file: string) => {
  const byKey = new Map<string, LedgerCharge>();
  let offset = 0;
  const sync = (): void => {
    if (!fs.existsSync(file)) return;
    const size = fs.statSync(file).size;
    if (size <= offset) return;
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(size - offset);
      fs.readSync(fd, buffer, 0, buffer.length, offset);
      const text = buffer.toString('utf8');
      const complete = text.lastIndexOf('\n') + 1;
      for (const line of text.slice(0, complete).split('\n')) {
        if (!line) continue;
        const charge = JSON.parse(line) as LedgerCharge;
        if (!byKey.has(charge.idempotency_key)) byKey.set(charge.idempotency_key, charge);
      }
      offset += Buffer.byteLength(text.slice(0, complete));
    } finally {
      fs.closeSync(fd);
    }
  };
  return {
    find: (key: string): LedgerCharge | undefined => {
      sync();
      return byKey.get(key);
    },
    /** One write(2) of one line with O_APPEND: whole or not at all, whoever else appends. */
    record: (charge: LedgerCharge): void => {
      fs.appendFileSync(file, `${JSON.stringify(charge)}\n`);
    },
    all: (): LedgerCharge[] => {
      sync();
      return [...byKey.values()];
    },
  };
};

/** Every line of a ledger file, duplicates included (a test's count of what the provider charged). */
export const readLedgerFile = (file: string): LedgerCharge[] =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LedgerCharge) : [];

export type ChargeLedger = ReturnType<typeof createChargeLedger>;
