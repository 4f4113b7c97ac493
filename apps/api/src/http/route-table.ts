import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z, ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireAuth, requireStaff } from './auth';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
/** The parsed body when the route has a body schema, otherwise the parsed query (or nothing). */
type InputOf<B, Q> = B extends ZodType ? z.output<B> : Parsed<Q>;

export type RouteContext<B, Q> = {
  input: InputOf<B, Q>;
  /** The parsed query, also when `input` is the body. */
  query: Parsed<Q>;
  req: Request;
  res: Response;
  /** The route's audit action, resolved for this input (empty when the route declares none). */
  audit: string;
};

/**
 * One call of the API: the single declaration both the Express router and the OpenAPI entry are made from,
 * so a route cannot exist undocumented. Middleware runs in this order: `auth`, then `use` (rate limits,
 * uploads, path checks), then the schemas parse `req.body` / `req.query` (a ZodError answers 400 with field
 * paths), then `handler`. A value the handler returns is sent as JSON; return nothing when it answered itself.
 */
export type RouteSpec<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined> = {
  method: HttpMethod;
  /** Express path under /api, e.g. `/users/billing/:id` (documented as `/api/users/billing/{id}`). */
  path: string;
  summary: string;
  /** `user`: a session (Bearer or cookie + CSRF header); `staff`: a support or superadmin session. */
  auth?: 'user' | 'staff';
  body?: B;
  query?: Q;
  /** Documents a multipart body (the upload middleware itself goes in `use`). */
  multipart?: boolean;
  /** What a staff call is written to the audit log as; a function when it depends on the input. */
  audit?: string | ((input: InputOf<B, Q>) => string);
  use?: RequestHandler[];
  /** The handler gets the raw bytes (a signed webhook): mounted before the API's JSON and form parsers. */
  rawBody?: boolean;
  handler: (ctx: RouteContext<B, Q>) => unknown;
};

// The table holds routes of different schemas; each was type-checked against its own when declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Route = RouteSpec<any, any>;
export type RouteTable = readonly Route[];

/** Declares one route; the schemas type the handler's `input`. */
export const route = <B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(spec: RouteSpec<B, Q>): Route => spec as Route;

/** `/users/:id/avatar` → `/api/users/{id}/avatar`. */
export const documentedPath = (expressPath: string): string => `/api${expressPath.replace(/:(\w+)/g, '{$1}')}`;

const auditOf = (spec: Route, input: unknown): string => (typeof spec.audit === 'function' ? spec.audit(input) : (spec.audit ?? ''));

/** The Express router of a route table: its raw-body routes, or (the default) all the others. */
export const routerOf = (deps: AppDeps, table: RouteTable, options: { rawBody?: boolean } = {}): Router => {
  const router = Router();
  const session = requireAuth(deps);
  for (const spec of table.filter((candidate) => (candidate.rawBody ?? false) === (options.rawBody ?? false))) {
    const guards: RequestHandler[] = spec.auth === 'staff' ? [session, requireStaff] : spec.auth === 'user' ? [session] : [];
    if (spec.rawBody) guards.unshift(express.raw({ type: '*/*', limit: '1mb' }));
    const handle: RequestHandler = async (req, res) => {
      const query: unknown = spec.query ? spec.query.parse(req.query) : undefined;
      const input: unknown = spec.body ? spec.body.parse(req.body) : query;
      const result: unknown = await spec.handler({ input, query, req, res, audit: auditOf(spec, input) });
      if (result !== undefined && !res.headersSent) res.json(result);
    };
    router[spec.method](spec.path, ...guards, ...(spec.use ?? []), handle);
  }
  return router;
};
