import { createHash } from 'node:crypto';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Knex } from 'knex';

/** How often (at most) one store clears the rows of windows that have ended. */
const SWEEP_EVERY_MS = 60_000;

/**
 * express-rate-limit's counters in the database (table `rate_limit_counters`, migration 950), so that every
 * API instance on one PostgreSQL database counts the same hits (issue 26). One statement per hit: an upsert
 * that starts a new window when the stored one has ended and otherwise adds one, returning the count, so
 * two instances counting the same key at once never lose a hit.
 *
 * Keys are stored as their SHA-256: the limiter's keys hold e-mail and IP addresses (kept out of the table)
 * and whatever a body's `email` field held (any length, any character, NUL included).
 */
export class DatabaseRateLimitStore implements Store {
  /** Counts are shared between processes: express-rate-limit must not assume it sees every hit. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(
    private readonly db: Knex,
    /** Wall-clock milliseconds; windows are real time, whatever the app's clock says. */
    private readonly now: () => number = Date.now,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private static idOf(key: string): string {
    return createHash('sha256').update(key).digest('hex');
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = (await this.db('rate_limit_counters').where({ key: DatabaseRateLimitStore.idOf(key) }).first('hits', 'reset_at')) as { hits: unknown; reset_at: unknown } | undefined;
    if (!row || Number(row.reset_at) <= this.now()) return undefined;
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    this.sweep(now);
    const result = await this.db.raw(
      `insert into rate_limit_counters (key, hits, reset_at) values (?, 1, ?)
       on conflict (key) do update set
         hits = case when rate_limit_counters.reset_at <= ? then 1 else rate_limit_counters.hits + 1 end,
         reset_at = case when rate_limit_counters.reset_at <= ? then excluded.reset_at else rate_limit_counters.reset_at end
       returning hits, reset_at`,
      [DatabaseRateLimitStore.idOf(key), now + this.windowMs, now, now],
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { hits: unknown; reset_at: unknown }[];
    return { totalHits: Number(rows[0].hits), resetTime: new Date(Number(rows[0].reset_at)) };
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limit_counters').where({ key: DatabaseRateLimitStore.idOf(key) }).andWhere('hits', '>', 0).decrement('hits', 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limit_counters').where({ key: DatabaseRateLimitStore.idOf(key) }).delete();
  }

  /** Rows of ended windows are dead weight (the upsert restarts them anyway): cleared in the background. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db('rate_limit_counters')
      .where('reset_at', '<=', now)
      .delete()
      .catch(() => undefined);
  }
}
