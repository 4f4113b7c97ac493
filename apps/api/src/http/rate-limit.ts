import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { type Db, dbClient } from '../db/knex';
import { AppError } from './errors';
import { DatabaseRateLimitStore } from './rate-limit-store';

export type RateLimitName = 'login' | 'otpSubmit' | 'otpResend' | 'passwordReset' | 'signup';
export type RateLimitRule = { windowSeconds: number; perIp: number; perAccount: number };
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

/**
 * Generous enough for offices behind one address and for the demo; the one-time-code ban (not these
 * limits) is what stops guessing. Per-account limits key on the lower-cased e-mail in the body.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  login: { windowSeconds: 15 * 60, perIp: 100, perAccount: 20 },
  otpSubmit: { windowSeconds: 15 * 60, perIp: 100, perAccount: 30 },
  otpResend: { windowSeconds: 15 * 60, perIp: 60, perAccount: 10 },
  passwordReset: { windowSeconds: 60 * 60, perIp: 30, perAccount: 5 },
  signup: { windowSeconds: 60 * 60, perIp: 60, perAccount: 20 },
};

const accountKey = (req: Request): string | undefined => {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const email = typeof record.email === 'string' ? record.email : typeof record.account === 'object' && record.account ? (record.account as Record<string, unknown>).email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
};

const rejected: RequestHandler = (_req, _res, next) => next(new AppError('rate_limited'));

export type RateLimiters = (name: RateLimitName) => RequestHandler[];

/**
 * On PostgreSQL the counters live in the database, shared by every instance (several instances share one
 * database: counted apart, N instances would allow N times each limit); on SQLite, one process by design, in
 * memory (express-rate-limit's own store).
 */
export const createRateLimiters = (overrides: false | Partial<RateLimitSettings> | undefined, db?: Db): RateLimiters => {
  if (overrides === false) return () => [];
  const settings: RateLimitSettings = { ...DEFAULT_RATE_LIMITS, ...overrides };
  const shared = db && dbClient(db) === 'postgres' ? db : undefined;
  // One store per limiter (express-rate-limit refuses a store shared between two).
  const store = () => (shared ? { store: new DatabaseRateLimitStore(shared) } : {});
  const cache = new Map<RateLimitName, RequestHandler[]>();
  return (name) => {
    const existing = cache.get(name);
    if (existing) return existing;
    const rule = settings[name];
    const common = {
      windowMs: rule.windowSeconds * 1000,
      standardHeaders: 'draft-8' as const,
      legacyHeaders: false,
      handler: rejected,
      validate: { xForwardedForHeader: false },
    };
    const handlers = [
      rateLimit({ ...common, ...store(), limit: rule.perIp, keyGenerator: (req) => `${name}:ip:${ipKeyGenerator(req.ip ?? 'unknown')}` }),
      rateLimit({
        ...common,
        ...store(),
        limit: rule.perAccount,
        skip: (req) => accountKey(req) === undefined,
        keyGenerator: (req) => `${name}:account:${accountKey(req)}`,
      }),
    ];
    cache.set(name, handlers);
    return handlers;
  };
};
