import express, { type Request, type RequestHandler, type Response } from 'express';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { z, ZodType } from 'zod';
import type { AppDeps } from '../app-deps';
import { authOf, isReadOnlyStaff, requireAuth, requireStaff } from './auth';
import { AppError } from './errors';
import { refuseUnstorableText } from './storable-text';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
/** The parsed body when the route has a body schema, otherwise the parsed query (or nothing). */
type InputOf<B, Q> = B extends ZodType ? z.output<B> : Parsed<Q>;

export type RouteContext<B, Q, P = undefined> = {
  input: InputOf<B, Q>;
  /** The parsed query, also when `input` is the body. */
  query: Parsed<Q>;
  params: Parsed<P>;
  req: Request;
  res: Response;
  /** The route's audit action, resolved for this input (empty when the route declares none). */
  audit: string;
};

/**
 * One call of the API: the single declaration both the Express router and the OpenAPI entry are made from,
 * so a route cannot exist undocumented. Middleware runs in this order: `auth`, then `use` (rate limits,
 * uploads, path checks), then the schemas parse `req.params`, `req.query`, `req.body` (a ZodError answers 400 with field
 * paths), then `handler`. A value the handler returns is sent as JSON; return nothing when it answered itself.
 */
export type RouteSpec<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined> = {
  method: HttpMethod;
  /** Express path under /api, e.g. `/users/billing/:id` (documented as `/api/users/billing/{id}`). */
  path: string;
  summary: string;
  /**
   * `user`: a session (Bearer, or the cookie plus the CSRF header on state-changing methods); `strict`: the
   * same with the header on every method (GET /logout); `staff`: a support or superadmin session;
   * `superadmin`: a superadmin session (a support member is refused before any input is read, and the refusal
   * is recorded: see `DispatcherOptions.onStaffRefused`).
   */
  auth?: 'user' | 'strict' | 'staff' | 'superadmin';
  /** Path parameters, parsed before the query and the body. */
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Documents a multipart body (the upload middleware itself goes in `use`); a schema documents its fields
   * when the handler parses them itself (after putting the uploaded files in).
   */
  multipart?: boolean | ZodType;
  /** What a staff call is written to the audit log as; a function when it depends on the input. */
  audit?: string | ((input: InputOf<B, Q>) => string);
  /**
   * Why a write staff can reach writes no audit entry of its own (a preview that changes nothing, a staff
   * member's own session). Every such write declares `audit` or this (a test walks the reference).
   */
  notAudited?: string;
  /**
   * Why a read-only staff member may send this write (a visit logged, a read sent as POST, their own sign-out).
   * Without it every authenticated write refuses read-only staff (403 `staff_read_only`, the attempt recorded)
   * before any input is read: a new write route is closed to them by default (issue 27 capability 4).
   */
  readOnlySafe?: string;
  use?: RequestHandler[];
  /** The handler gets the raw bytes (a signed webhook): mounted before the API's JSON and form parsers. */
  rawBody?: boolean;
  handler: (ctx: RouteContext<B, Q, P>) => unknown;
};

// The table holds routes of different schemas; each was type-checked against its own when declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Route = RouteSpec<any, any, any>;
export type RouteTable = readonly Route[];

/** Declares one route; the schemas type the handler's `input`. */
export const route = <B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined>(spec: RouteSpec<B, Q, P>): Route =>
  spec as Route;

/** `/users/:id/avatar` → `/api/users/{id}/avatar`. */
export const documentedPath = (expressPath: string): string => `/api${expressPath.replace(/:(\w+)/g, '{$1}')}`;

const auditOf = (spec: Route, input: unknown): string => (typeof spec.audit === 'function' ? spec.audit(input) : (spec.audit ?? ''));

/** The route a request was dispatched to, as declared (`/users/billing/:id`): the metrics' label. */
export const matchedRouteOf = (res: Response): string | undefined => res.locals.route as string | undefined;

/** The middleware, and the routes it answers (as registered in its tree, prefix included): what the route-coverage test walks. */
export type Dispatcher = RequestHandler & { routes: () => { method: HttpMethod; path: string }[] };

/** A staff member refused a route their role does not open: what the audit log records of the attempt. */
export type StaffRefusal = { route: string; required: 'superadmin' | 'write'; action: string | null; errorCode: 'forbidden' | 'staff_read_only' };

export type DispatcherOptions = {
  prefix?: string;
  /** Records a staff member's refused attempt (rate-limited by the recorder); the request is refused either way. */
  onStaffRefused?: (req: Request, res: Response, refusal: StaffRefusal) => Promise<void>;
};

/** `label`: the metrics' route label, the declared path under the API's prefix. */
type Match = { handlers: RequestHandler[]; label: string; bodyless: RequestHandler[] };

/** body-parser's test for a body (`type-is`'s hasBody): a Transfer-Encoding or a Content-Length header. */
const carriesBody = (req: Request): boolean => req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;

/**
 * Runs one route's handlers in order, as an Express route would: a handler passes on with `next()`, an error
 * (thrown, rejected or passed to `next`) ends the chain in `done(error)`, and `done()` is called when the
 * last handler passes on or one skips the rest of the route (`next('route')`).
 */
const runChain = (handlers: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void => {
  let index = 0;
  const next = (error?: unknown): void => {
    if (error === 'route' || error === 'router') return done();
    if (error !== undefined && error !== null) return done(error);
    const handler = handlers[index++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.then(undefined, (rejected: unknown) => done(rejected ?? new Error('Rejected promise')));
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
};

/** Middlewares run one after the other as a single one (what Express would do with a layer each, for less). */
export const inSequence =
  (handlers: readonly RequestHandler[]): RequestHandler =>
  (req, res, next) =>
    runChain(handlers, req, res, next);

/**
 * One middleware answering every route of every table: a radix-tree lookup (find-my-way) of method and path,
 * then the route's own handlers (its body parser, `auth`, `use`, the handler). Express walking one router per
 * module, and every route of each, cost more than the rest of a cached read together (issue 12). Matching
 * keeps Express's defaults: case-insensitive paths, an optional trailing slash, decoded parameters, HEAD
 * answered by GET; a path that matches no route goes on to the next middleware, a malformed escape is a 400.
 * `prefix` (`/api`) is put before every declared path: mounted at the application's root, the dispatcher
 * spares each request Express's mount-path matching and URL rewriting.
 */
export const createDispatcher = (deps: AppDeps, tables: readonly RouteTable[], { prefix = '', onStaffRefused }: DispatcherOptions = {}): Dispatcher => {
  const routes = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 10_000, onBadUrl: () => undefined });
  const session = requireAuth(deps);
  const strictSession = requireAuth(deps, { strictCsrf: true });
  // Raw-body routes (signed webhooks) get the exact bytes: a signature covers them. The others get the JSON
  // and form parsers (each passes over a request whose type is not its own).
  const raw = express.raw({ type: '*/*', limit: '1mb' });
  const parsers = [express.json({ limit: '3mb' }), express.urlencoded({ extended: false, limit: '100kb' })];
  // Authorise before anything reads the input: a support member on a superadmin route is refused (and the
  // attempt recorded) whatever the body holds.
  const refusal = (spec: Route, required: StaffRefusal['required']): StaffRefusal => ({
    route: `${spec.method.toUpperCase()} ${prefix}${spec.path}`,
    required,
    action: typeof spec.audit === 'string' ? spec.audit : null,
    errorCode: required === 'write' ? 'staff_read_only' : 'forbidden',
  });
  // Read-only staff see what superadmins see (the reads of superadmin routes) and change nothing.
  const superadminOnly = (spec: Route): RequestHandler => async (req, res, next) => {
    const auth = authOf(res);
    if (auth.roles.includes('superadmin') || (spec.method === 'get' && isReadOnlyStaff(auth))) return next();
    await onStaffRefused?.(req, res, refusal(spec, 'superadmin'));
    throw new AppError('forbidden');
  };
  // The default for every authenticated write, whatever module declares it: read-only staff are refused.
  const writesRefuseReadOnly = (spec: Route): RequestHandler => async (req, res, next) => {
    if (!isReadOnlyStaff(authOf(res))) return next();
    await onStaffRefused?.(req, res, refusal(spec, 'write'));
    throw new AppError('staff_read_only');
  };
  for (const spec of tables.flat()) {
    const readOnlyGuard = spec.method !== 'get' && !spec.readOnlySafe ? [writesRefuseReadOnly(spec)] : [];
    const guards: RequestHandler[] =
      spec.auth === 'superadmin'
        ? [session, requireStaff, ...readOnlyGuard, superadminOnly(spec)]
        : spec.auth === 'staff'
          ? [session, requireStaff, ...readOnlyGuard]
          : spec.auth === 'strict'
            ? [strictSession, ...readOnlyGuard]
            : spec.auth === 'user'
              ? [session, ...readOnlyGuard]
              : [];
    const handle: RequestHandler = async (req, res) => {
      const params: unknown = spec.params ? spec.params.parse(req.params) : undefined;
      const query: unknown = spec.query ? spec.query.parse(req.query) : undefined;
      const input: unknown = spec.body ? spec.body.parse(req.body) : query;
      refuseUnstorableText(spec.params ? params : req.params, query, spec.body ? input : req.body);
      const result: unknown = await spec.handler({ input, query, params, req, res, audit: auditOf(spec, input) });
      if (result !== undefined && !res.headersSent) res.json(result);
    };
    const rest = [...guards, ...(spec.use ?? []), handle];
    // A request without a body skips the parsers: they would only find that out (and allocate on the way).
    const match: Match = { handlers: [...(spec.rawBody ? [raw] : parsers), ...rest], bodyless: rest, label: `${prefix}${spec.path}` };
    routes.on(spec.method.toUpperCase() as HTTPMethod, match.label, () => undefined, match);
    // Express answers HEAD with the GET route (Node leaves out the body).
    if (spec.method === 'get') routes.on('HEAD', match.label, () => undefined, match);
  }
  const dispatch: RequestHandler = (req, res, next) => {
    const found = routes.find(req.method as HTTPMethod, req.url);
    if (!found) return next();
    // No store: the path's `%` escapes decode to nothing (find-my-way's onBadUrl), the request's fault if it is
    // under the prefix; anything else (the built apps' pages) goes on as it did before the dispatcher saw it.
    const match = found.store as Match | null;
    if (!match) return req.url.toLowerCase().startsWith(`${prefix.toLowerCase()}/`) ? next(new AppError('bad_request')) : next();
    req.params = found.params as Record<string, string>;
    res.locals.route = match.label;
    runChain(carriesBody(req) ? match.handlers : match.bodyless, req, res, (error) => next(error));
  };
  const declared = tables.flat().map((spec) => ({ method: spec.method, path: `${prefix}${spec.path}` }));
  return Object.assign(dispatch, { routes: () => declared.filter(({ method, path }) => routes.hasRoute(method.toUpperCase() as HTTPMethod, path)) });
};
