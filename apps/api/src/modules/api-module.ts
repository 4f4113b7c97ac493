// The contract between the app and its feature modules: what a module gives (routes, seed, probe) and what it
// gets while the app is built. Modules import this file, never the registry that lists them all.
import type { Response, Router } from 'express';
import type { ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import type { AppConfig } from '../config';
import type { RateLimiters } from '../http/rate-limit';
import type { RouteTable } from '../http/route-table';
import type { SeedContext } from '../db/seeds/seed-context';

/** A module's routes as mounted in one app: what the OpenAPI reference is generated from. */
export type MountedRoutes = { module: string; table: RouteTable };

/** `mounted` is filled while the app is built: read it when a request comes, not while building. */
export type ModuleContext = {
  limits: RateLimiters;
  modules: readonly ApiModule[];
  mounted: readonly MountedRoutes[];
  /** Sets the security headers every answer carries (for probes, mounted ahead of the middleware that sets them). */
  setSecurityHeaders: (res: Response) => void;
};

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
  /**
   * Mounted first, ahead of the security headers' middleware (the probe sets them with
   * `ctx.setSecurityHeaders`), the access log and the cookie and body parsers: only for cheap,
   * unauthenticated probes (the health check a load balancer calls every few seconds).
   */
  probe?: boolean;
};
