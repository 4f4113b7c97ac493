import http from 'node:http';
import net from 'node:net';
import { buildMain, type RunningApi, startMain } from '../test-support/real-process';

// Ports of this suite (the opsplatform range): one process per test.
const OVERLOAD_PORT = 3150;
const SHUTDOWN_PORT = 3151;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** One request on its own connection (as a load balancer's probe or a new visitor): status and body. */
const call = (port: number, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {} }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });

/** A raw keep-alive connection, open once this resolves: `write` sends bytes, `status(n)` is the n-th answer's status (0: cut). */
const openConnection = (port: number): Promise<{ write: (data: string) => void; status: (nth?: number) => Promise<number> }> =>
  new Promise((resolve, reject) => {
    let received = '';
    let ended = false;
    const waiters: Array<() => void> = [];
    const wake = () => waiters.splice(0).forEach((waiter) => waiter());
    const socket = net.connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      received += String(chunk);
      wake();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      ended = true;
      wake();
    });
    const status = (nth = 1): Promise<number> =>
      new Promise((done) => {
        const check = () => {
          const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
          if (statuses.length >= nth) done(statuses[nth - 1]);
          else if (ended) done(0);
          else waiters.push(check);
        };
        check();
      });
    socket.once('connect', () => resolve({ write: (data) => socket.write(data), status }));
    socket.once('error', reject);
  });

/** Resolves once the process has written a line matching `pattern` (the test's timeout bounds the wait). */
const outputShows = (api: RunningApi, pattern: RegExp): Promise<void> =>
  new Promise((resolve) => {
    const check = () => {
      if (!pattern.test(api.output())) return;
      api.child.stdout.off('data', check);
      api.child.stderr.off('data', check);
      resolve();
    };
    api.child.stdout.on('data', check);
    api.child.stderr.on('data', check);
    check();
  });

const loginRequest = (email: string): [string, string] => {
  const body = JSON.stringify({ email, password: 'Merchant2026' });
  const head = `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return [head + body.slice(0, 10), body.slice(10)];
};

describe('the real process under load and on SIGTERM', () => {
  let built: Awaited<ReturnType<typeof buildMain>>;
  beforeAll(async () => {
    built = await buildMain();
  }, 60_000);
  afterAll(() => built.remove());

  it('answers 500 sign-in attempts at once with 429s past the limit while /api/health keeps answering', async () => {
    const api = await startMain(built.mainJs, built.dir, OVERLOAD_PORT);
    try {
      let storming = true;
      const healthTimes: number[] = [];
      const healthStatuses: number[] = [];
      let answeredDuringStorm = 0;
      const sampler = (async () => {
        while (storming || healthTimes.length < 50) {
          const started = performance.now();
          const res = await call(OVERLOAD_PORT, 'GET', '/api/health');
          healthTimes.push(performance.now() - started);
          healthStatuses.push(res.status);
          if (storming) answeredDuringStorm += 1;
        }
      })();
      const attempts = await Promise.all(
        Array.from({ length: 500 }, async (_, i) => {
          const res = await call(OVERLOAD_PORT, 'POST', '/api/erpCheckOTPStatus', { email: `crowd-${i}@example.test`, password: 'not-the-password' });
          const body = JSON.parse(res.text) as { error?: { key?: string } };
          return { status: res.status, key: body.error?.key };
        }),
      );
      storming = false;
      await sampler;

      const limited = attempts.filter((a) => a.status === 429);
      const p99 = percentile(healthTimes, 99);
      console.log(`overload: 500 sign-in attempts → ${limited.length} × 429, ${attempts.filter((a) => a.status >= 500).length} × 5xx; /api/health ${answeredDuringStorm} probes answered during the storm, ${healthTimes.length} in all, p50 ${percentile(healthTimes, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      expect(attempts.filter((a) => a.status >= 500)).toEqual([]);
      expect(limited.length).toBeGreaterThanOrEqual(400);
      expect(new Set(limited.map((a) => a.key))).toEqual(new Set(['errors:error.tooManyRequests']));
      expect(healthStatuses.every((status) => status === 200)).toBe(true);
      // A health check stuck behind the storm would answer once the storm is over, not again and again while it
      // lasts (each probe waits for the one before). How fast it answers
      // is a figure (printed above; the target is 50 ms), not a pass mark: it depends on the machine.
      expect(answeredDuringStorm).toBeGreaterThan(1);
    } finally {
      api.child.kill('SIGKILL');
      await api.exited;
    }
  }, 120_000);

  it('on SIGTERM answers every request in flight and those racing the signal on an open connection, then exits 0', async () => {
    // LOG_LEVEL info: the process says 'shutting down' once it has taken the signal.
    const api = await startMain(built.mainJs, built.dir, SHUTDOWN_PORT, { SCHEDULER_INTERVAL_MS: '200', LOG_LEVEL: 'info' });
    const accounts = ['merchant-my@demo.test', 'merchant-sg@demo.test', 'merchant-ph@demo.test'];
    const countries = 'GET /api/countries HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    // Each connection first serves one request, so the process has taken it (a connection still in the
    // listen queue when the signal comes is refused, as it should be), however busy the machine.
    const served = async () => {
      const connection = await openConnection(SHUTDOWN_PORT);
      connection.write(countries);
      expect(await connection.status(1)).toBe(200);
      return connection;
    };
    // In flight: headers and part of the body sent, the rest arrives after the signal (then a scrypt check).
    const inFlight = await Promise.all(Array.from({ length: 12 }, served));
    const requests = inFlight.map((_, i) => loginRequest(accounts[i % accounts.length]));
    inFlight.forEach((connection, i) => connection.write(requests[i][0]));
    // Racing: a proxy's pooled keep-alive connections (each served one request already) whose next request
    // leaves just after the signal.
    const racing = await Promise.all(Array.from({ length: 8 }, served));
    api.child.kill('SIGTERM');
    await outputShows(api, /shutting down/);
    inFlight.forEach((connection, i) => connection.write(requests[i][1]));
    racing.forEach((connection) => connection.write(countries));
    const answered = await Promise.all(inFlight.map((connection) => connection.status(2)));
    const raced = await Promise.all(racing.map((connection) => connection.status(2)));
    const code = await api.exited;
    console.log(`SIGTERM: ${answered.filter((s) => s > 0).length}/${answered.length} in-flight and ${raced.filter((s) => s > 0).length}/${raced.length} racing requests answered, exit code ${code}`);
    // A verified password without a code: the real 4xx answer, not a cut connection.
    expect(answered).toEqual(inFlight.map(() => 403));
    expect(raced).toEqual(racing.map(() => 200));
    expect(code).toBe(0);
    // Once it is gone nothing answers.
    await expect(fetch(`${api.baseUrl}/api/health`)).rejects.toThrow();
  }, 120_000);
});
