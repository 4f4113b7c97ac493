import type { Router } from 'express';
import type { ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import type { AppConfig } from '../config';
import type { RateLimiters } from '../http/rate-limit';
import type { RouteTable } from '../http/route-table';
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

/** A module's routes as mounted in one app: what the OpenAPI reference is generated from. */
export type MountedRoutes = { module: string; table: RouteTable };

/** `mounted` is filled while the app is built: read it when a request comes, not while building. */
export type ModuleContext = { limits: RateLimiters; modules: readonly ApiModule[]; mounted: readonly MountedRoutes[] };

/** Legacy: one documented call of a module not yet declared as a route table (`routes`). */
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
 * A feature module: its route table (`routes`, see http/route-table.ts: each route declared once gives both
 * the Express route under /api and its OpenAPI entry) and optional demo-data seeding (run in registry order
 * after the accounts seed, so billing can build on the demo merchants). `router` + `docs` is the older
 * shape, kept only until every module declares a table.
 */
export type ApiModule = {
  name: string;
  routes?: (deps: AppDeps, ctx: ModuleContext) => RouteTable;
  router?: (deps: AppDeps, ctx: ModuleContext) => Router;
  seed?: (ctx: SeedContext) => Promise<void>;
  docs?: ApiDoc[];
  enabled?: (config: AppConfig) => boolean;
};

/** Every module of the API, in mounting order. A new module adds one line here. */
export const apiModules: readonly ApiModule[] = [
  healthModule,
  authModule,
  // Before accounts: GET /users/staff-access must not be read as GET /users/:id.
  staffModule,
  accountsModule,
  signupModule,
  listsModule,
  notificationsModule,
  docsModule,
  packagesModule,
  billingModule,
  usageAddonModule,
  sandboxModule,
  checkoutModule,
];
