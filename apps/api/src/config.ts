import path from 'node:path';
import { z } from 'zod';
import { type FaultSettings, parseFaultSettings } from './gateways/sandbox-faults';

/** ECPay's public stage shop (developers.ecpay.com.tw/?p=16447), used unless real credentials are set. */
export const ECPAY_STAGE_CREDENTIALS = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' } as const;

/** Every test shop ECPay publishes with its keys (REFERENCE.md): anyone can sign their notifications. */
export const ECPAY_PUBLIC_TEST_SHOPS: readonly { merchantId: string; hashKey: string; hashIv: string }[] = [
  ECPAY_STAGE_CREDENTIALS,
  { merchantId: '2000132', hashKey: '5294y06JbISpM5x9', hashIv: 'v77hoKGq4kWxNNIS' },
];

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-please-0001';

/** Stripe's API, where the SDK goes unless STRIPE_API_BASE points it at a fake. */
export const STRIPE_API_BASE = 'https://api.stripe.com';

/** A whole number from the environment: decimal digits only (no `0x10`, `1e3` or `" 2"`). */
const digits = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number in decimal digits')
    .default(fallback)
    .transform(Number);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: digits('3000').pipe(z.number().max(65535)),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .default('sqlite:data/merchant-hub.sqlite'),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Where the Stripe SDK sends its calls: Stripe's own API unless a rehearsal or a test points it at a
   * Stripe-compatible fake (scheme, host and port only). Production refuses anything but Stripe's.
   */
  STRIPE_API_BASE: z
    .string()
    .default(STRIPE_API_BASE)
    .transform((value, ctx) => {
      const url = URL.parse(value);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
        ctx.addIssue({ code: 'custom', message: 'must be an origin such as https://api.stripe.com or http://127.0.0.1:12111' });
        return z.NEVER;
      }
      return url.origin;
    }),
  ECPAY_MODE: z.enum(['sandbox', 'stage', 'production']).default('sandbox'),
  ECPAY_MERCHANT_ID: z.string().optional(),
  ECPAY_HASH_KEY: z.string().optional(),
  ECPAY_HASH_IV: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Merchant Hub <no-reply@merchant-hub.local>'),
  PUBLIC_URL: z.string().url().optional(),
  /** Further origins (comma-separated) the product is served on in production: see `linkOrigin`. */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
        const url = URL.parse(item);
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== item.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin (scheme://host[:port])` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SESSION_SECRET),
  STATIC_ROOT: z.string().optional(),
  UPLOAD_DIR: z.string().default('data/uploads'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? false : /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value)),
  /** scrypt cost N (a power of two); lowered only by tests, refused below 2^14 in production. */
  SCRYPT_COST: digits('32768').pipe(z.number().min(2)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public by design: the checkout page hands it to Stripe.js with PAYMENT_GATEWAY=stripe. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Where staff alerts go (a paid checkout order that could not become a merchant). */
  SUPPORT_EMAIL: z.string().email().default('support@merchant-hub.local'),
  /**
   * `staging`: a production build that takes no real money (a staging or demo deployment) may run the
   * sandbox gateway, the ECPay sandbox or stage cashier and the public stage keys. Logged loudly at start.
   */
  /**
   * Bearer token a Prometheus scraper sends to GET /api/metrics. Required for the endpoint to exist in
   * production; optional elsewhere (without it the metrics are open in development and tests).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often the billing scheduler looks for due work (tests shorten it). */
  SCHEDULER_INTERVAL_MS: digits('60000').pipe(z.number().min(100)),
  /** How long SIGTERM waits for requests in flight and the merchant being settled before giving up (exit 1). */
  SHUTDOWN_TIMEOUT_MS: digits('30000').pipe(z.number().min(100)),
  /** Removed (production never takes sandbox or test payments); still read so that a deployment setting it is told. */
  ALLOW_SANDBOX_IN_PRODUCTION: z.string().optional(),
  /** Test-only: the sandbox gateway misbehaves (`slow=<ms>,timeout=<n>,error500=<n>,lose_answer=<n>`); refused in production. */
  SANDBOX_GATEWAY_FAULTS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      try {
        parseFaultSettings(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** Test-only: a file where the sandbox gateway keeps its charges outside the app's database (as a real provider does); refused in production. */
  SANDBOX_GATEWAY_LEDGER: z.string().optional(),
});

export type AppConfig = {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  databaseUrl: string;
  paymentGateway: 'sandbox' | 'stripe';
  /** `api`: where the SDK connects (STRIPE_API_BASE); Stripe's own in production. */
  stripe: { secretKey?: string; webhookSecret?: string; api: { host: string; port: number; protocol: 'http' | 'https' } };
  ecpay: { mode: 'sandbox' | 'stage' | 'production'; merchantId?: string; hashKey?: string; hashIv?: string };
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** Origins besides PUBLIC_URL's that browser-followed links may be built on in production (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  sessionSecret: string;
  staticRoot: string;
  uploadDir: string;
  trustProxy: boolean | number | string;
  scryptCost: number;
  logLevel: string;
  stripePublishableKey?: string;
  supportEmail: string;
  /** Sandbox payments (gateway, ECPay cashier, stage keys) in production, opted into for staging; see `sandboxAllowed`. */
  /** Test-only sandbox gateway faults and external charge ledger (issue 13); always unset in production. */
  sandboxFaults?: FaultSettings;
  sandboxLedgerFile?: string;
  metricsToken?: string;
  schedulerIntervalMs: number;
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {}

/** Parses the environment once; production refuses development defaults for anything secret. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, workspaceRoot = process.cwd()): AppConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (e.SESSION_SECRET === DEV_SESSION_SECRET) problems.push('SESSION_SECRET must be set to a real secret');
    if (e.PAYMENT_GATEWAY === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
      problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required with PAYMENT_GATEWAY=stripe');
    }
    // The card field (Stripe.js) cannot load without it: no buyer could pay.
    if (e.PAYMENT_GATEWAY === 'stripe' && !e.STRIPE_PUBLISHABLE_KEY) problems.push('STRIPE_PUBLISHABLE_KEY is required with PAYMENT_GATEWAY=stripe: the card field cannot load without it');
    if (e.ECPAY_MODE === 'production' && (!e.ECPAY_MERCHANT_ID || !e.ECPAY_HASH_KEY || !e.ECPAY_HASH_IV)) {
      problems.push('ECPAY_MERCHANT_ID, ECPAY_HASH_KEY and ECPAY_HASH_IV are required with ECPAY_MODE=production');
    }
    if (e.STRIPE_API_BASE !== STRIPE_API_BASE) problems.push(`STRIPE_API_BASE=${e.STRIPE_API_BASE} is not Stripe's API (${STRIPE_API_BASE}): unset it`);
    if (e.SCRYPT_COST < 16384) problems.push('SCRYPT_COST must be at least 16384 in production');
    problems.push(...sandboxPaymentProblems(e));
    if (e.ALLOW_SANDBOX_IN_PRODUCTION !== undefined) {
      problems.push('ALLOW_SANDBOX_IN_PRODUCTION is no longer accepted: production never takes sandbox or test payments (run a staging deployment without NODE_ENV=production)');
    }
    if (e.SANDBOX_GATEWAY_FAULTS || e.SANDBOX_GATEWAY_LEDGER) problems.push('SANDBOX_GATEWAY_FAULTS and SANDBOX_GATEWAY_LEDGER are test-only settings: unset them');
    if (problems.length > 0) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
  }
  if ((e.SCRYPT_COST & (e.SCRYPT_COST - 1)) !== 0) throw new ConfigError('Invalid configuration:\n  SCRYPT_COST: must be a power of two');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    paymentGateway: e.PAYMENT_GATEWAY,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api: stripeApiOf(e.STRIPE_API_BASE) },
    ecpay: { mode: e.ECPAY_MODE, merchantId: e.ECPAY_MERCHANT_ID, hashKey: e.ECPAY_HASH_KEY, hashIv: e.ECPAY_HASH_IV },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    allowedOrigins: e.ALLOWED_ORIGINS,
    sessionSecret: e.SESSION_SECRET,
    staticRoot: e.STATIC_ROOT ?? path.join(workspaceRoot, 'dist/apps'),
    uploadDir: path.resolve(workspaceRoot, e.UPLOAD_DIR),
    trustProxy: e.TRUST_PROXY,
    scryptCost: e.SCRYPT_COST,
    logLevel: e.LOG_LEVEL,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    supportEmail: e.SUPPORT_EMAIL,
    sandboxFaults: e.NODE_ENV !== 'production' && e.SANDBOX_GATEWAY_FAULTS ? parseFaultSettings(e.SANDBOX_GATEWAY_FAULTS) : undefined,
    sandboxLedgerFile: e.NODE_ENV !== 'production' && e.SANDBOX_GATEWAY_LEDGER ? path.resolve(workspaceRoot, e.SANDBOX_GATEWAY_LEDGER) : undefined,
    metricsToken: e.METRICS_TOKEN,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
};

type Env = z.infer<typeof envSchema>;

/** The SDK's `host`, `port` and `protocol` options for an origin. */
const stripeApiOf = (origin: string): AppConfig['stripe']['api'] => {
  const url = new URL(origin);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
};

/** Each setting that would let production take a payment nobody made, one line per problem. */
const sandboxPaymentProblems = (e: Env): string[] => {
  const problems: string[] = [];
  if (e.PAYMENT_GATEWAY === 'sandbox') problems.push(`PAYMENT_GATEWAY=sandbox takes fake card payments: set PAYMENT_GATEWAY=stripe with live keys`);
  if (e.ECPAY_MODE !== 'production') problems.push(`ECPAY_MODE=${e.ECPAY_MODE} takes test payments: set ECPAY_MODE=production with the shop's own credentials`);
  // Stripe's test mode accepts the public test cards: a test key in production gives plans away.
  if (e.PAYMENT_GATEWAY === 'stripe') {
    for (const [name, value] of [['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY], ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY]] as const) {
      const prefix = /^(sk|rk|pk)_test_/.exec(value ?? '')?.[0];
      if (prefix) problems.push(`${name} is a test key (${prefix}…), which accepts Stripe's public test cards: set the live key (${prefix.replace('test', 'live')}…)`);
    }
  }
  const stage = ECPAY_STAGE_CREDENTIALS;
  const testShop = ECPAY_PUBLIC_TEST_SHOPS.find((shop) => e.ECPAY_MERCHANT_ID === shop.merchantId || e.ECPAY_HASH_KEY === shop.hashKey || e.ECPAY_HASH_IV === shop.hashIv);
  if (testShop) {
    const which = testShop === stage ? 'public stage shop' : 'public test shop';
    problems.push(`ECPAY_MERCHANT_ID, ECPAY_HASH_KEY or ECPAY_HASH_IV is ECPay's ${which} (MerchantID ${testShop.merchantId}): anyone can sign its notifications`);
  } else if (e.ECPAY_MODE !== 'production' && !(e.ECPAY_MERCHANT_ID && e.ECPAY_HASH_KEY && e.ECPAY_HASH_IV)) {
    problems.push(`ECPAY_MERCHANT_ID, ECPAY_HASH_KEY and ECPAY_HASH_IV are unset, so ECPay falls back to the public stage keys (MerchantID ${stage.merchantId})`);
  }
  return problems;
};

/** Sandbox-only routes (the stand-ins for Stripe.js, FPX, 3-D Secure and the ECPay cashier) exist outside production only. */
export const sandboxAllowed = (config: Pick<AppConfig, 'nodeEnv'>): boolean => config.nodeEnv !== 'production';
