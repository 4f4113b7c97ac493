import cookieParser from 'cookie-parser';
import express, { type Express, type Request, type RequestHandler, type Response, Router } from 'express';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { AppDeps } from './app-deps';
import { errorMiddleware, notFoundHandler } from './http/errors';
import { createLogger, requestLogger } from './http/logging';
import { createMetrics } from './http/metrics';
import { createRateLimiters } from './http/rate-limit';
import { createDispatcher, inSequence, type StaffRefusal } from './http/route-table';
import { apiModules, type ModuleContext, type MountedRoutes } from './modules/registry';
import { createRefusalRecorder } from './modules/audit';
import { authOf } from './http/auth';
import { mountStaticApps } from './static';

export type { AppDeps } from './app-deps';

export const createApp = (given: AppDeps): Express => {
  const metrics = given.metrics ?? createMetrics();
  const deps: AppDeps = { ...given, metrics };
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);

  const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          // Stripe Elements runs in Stripe's frames; ECPay's checkout is a form posted to its own host.
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          'connect-src': ["'self'", 'https://api.stripe.com'],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'form-action': ["'self'", 'https://payment-stage.ecpay.com.tw', 'https://payment.ecpay.com.tw'],
        },
      },
    });
  const enabled = apiModules.filter((module) => module.enabled?.(deps.config) ?? true);
  const limits = createRateLimiters(deps.rateLimits, deps.db);
  const mounted: MountedRoutes[] = [];
  const ctx: ModuleContext = { limits, modules: enabled, mounted, setSecurityHeaders: presetHeaders(securityHeaders) };
  // Probes (the health check) answer ahead of the security headers' middleware (setting the same headers
  // themselves), the access log and the parsers: see `probe` in the registry.
  for (const module of enabled) if (module.probe && module.router) app.use('/api', module.router(deps, ctx));
  // The same headers on every answer, set from the list worked out once (helmet's dozen middlewares per request
  // were about 4 % of a billing read's CPU). Timed from here: the probes above stay as cheap as they are. One
  // Express layer for the four (issue 12).
  const setSecurityHeaders: RequestHandler = (_req, res, next) => {
    ctx.setSecurityHeaders(res);
    next();
  };
  app.use(inSequence([setSecurityHeaders, metrics.observeRequests, requestLogger(logger), cookiesIfAny()]));
  for (const module of enabled) if (module.routes) mounted.push({ module: module.name, table: module.routes(deps, ctx) });

  // Every route of every module in one lookup (see createDispatcher), at the root: each route parses its own body.
  // A staff member refused a route their role does not open: the attempt goes to the audit log (rate-limited).
  const refusals = createRefusalRecorder(deps);
  const onStaffRefused = async (req: Request, res: Response, refusal: StaffRefusal): Promise<void> => {
    await refusals.record({ ...authOf(res), ip: req.ip ?? null }, { action: refusal.action ?? 'staff.access', errorCode: refusal.errorCode, details: { route: refusal.route, required_role: refusal.required } });
  };
  app.use(createDispatcher(deps, mounted.map(({ table }) => table), { prefix: '/api', onStaffRefused }));
  const api = Router();
  for (const module of enabled) if (module.router && !module.probe) api.use(module.router(deps, ctx));
  api.use('/uploads', express.static(deps.config.uploadDir, { index: false, fallthrough: true, maxAge: '1d' }));
  api.use(notFoundHandler);
  app.use('/api', api);

  mountStaticApps(app, deps.config.staticRoot, logger);
  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
};

const NO_COOKIES: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);

/**
 * cookie-parser, for requests that carry cookies: it gives every request two new null-prototype objects, and
 * a call with a Bearer token and no Cookie header (the spec's client, scripts) needs none (issue 12).
 */
const cookiesIfAny = (): RequestHandler => {
  const parse = cookieParser();
  return (req, res, next) => {
    if (req.headers.cookie !== undefined) return parse(req, res, next);
    req.cookies = NO_COOKIES;
    req.signedCookies = NO_COOKIES;
    next();
  };
};

/**
 * The headers `middleware` sets on every answer (helmet's are the same for every request: no nonce), worked
 * out once; setting them is a fraction of running its dozen middlewares per request.
 */
const presetHeaders = (middleware: RequestHandler): ((res: Response) => void) => {
  const probe = new ServerResponse(new IncomingMessage(new Socket()));
  middleware({} as Request, probe as unknown as Response, () => undefined);
  const headers = Object.entries(probe.getHeaders());
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value as string | number | readonly string[]);
    res.removeHeader('X-Powered-By');
  };
};
