import type { Router } from 'express';
import type { ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import type { AppConfig } from '../config';
import type { RateLimiters } from '../http/rate-limit';
import type { SeedContext } from '../db/seeds/seed-context';
import { accountsModule } from './accounts/accounts.module';
import { authModule } from './auth/auth.module';
import { docsModule } from './docs/docs.module';
import { healthModule } from './health/health.module';
import { listsModule } from './lists/lists.module';
import { notificationsModule } from './notifications/notifications.module';
import { billingModule } from './billing/billing.module';
import { packagesModule } from './packages/packages.module';
import { sandboxModule } from './sandbox/sandbox.module';
import { staffModule } from './staff/staff.module';
import { usageAddonModule } from './usage-addon/usage-addon.module';
import { signupModule } from './signup/signup.module';
import { checkoutModule } from './checkout/checkout.module';

export type ModuleContext = { limits: RateLimiters; modules: readonly ApiModule[] };

/** One documented call, for the generated OpenAPI reference. */
export type ApiDoc = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  auth?: boolean;
  body?: ZodType;
  query?: ZodType;
  multipart?: boolean;
};

/**
 * A feature module: a router mounted under /api, optional demo-data seeding (run in registry order after
 * the accounts seed, so billing can build on the demo merchants) and its OpenAPI entries.
 */
export type ApiModule = {
  name: string;
  router: (deps: AppDeps, ctx: ModuleContext) => Router;
  seed?: (ctx: SeedContext) => Promise<void>;
  docs?: ApiDoc[];
  enabled?: (config: AppConfig) => boolean;
  /**
   * Mounted right after the security headers, ahead of the access log and the cookie and body parsers:
   * only for cheap, unauthenticated probes (the health check a load balancer calls every few seconds).
   */
  probe?: boolean;
};

/** Every module of the API, in mounting order. A new module adds one line here. */
export const apiModules: readonly ApiModule[] = [
  healthModule,
  authModule,
  accountsModule,
  signupModule,
  listsModule,
  notificationsModule,
  docsModule,
  packagesModule,
  billingModule,
  usageAddonModule,
  sandboxModule,
  staffModule,
  checkoutModule,
];
