import cookieParser from 'cookie-parser';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './app-deps';
import { errorMiddleware, notFoundHandler } from './http/errors';
import { createLogger, requestLogger } from './http/logging';
import { createRateLimiters } from './http/rate-limit';
import { routerOf } from './http/route-table';
import { apiModules, type ModuleContext, type MountedRoutes } from './modules/registry';
import { stripeWebhookHandler } from './modules/checkout/stripe-webhook';
import { mountStaticApps } from './static';

export type { AppDeps } from './app-deps';

export const createApp = (deps: AppDeps): Express => {
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);

  app.use(requestLogger(logger));
  app.use(
    helmet({
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
    }),
  );
  app.use(cookieParser());
  // Before the JSON parser: the signature covers the raw bytes.
  app.post('/api/webhooks/stripe', express.raw({ type: '*/*', limit: '1mb' }), stripeWebhookHandler(deps));

  const limits = createRateLimiters(deps.rateLimits);
  const enabled = apiModules.filter((module) => module.enabled?.(deps.config) ?? true);
  const mounted: MountedRoutes[] = [];
  const ctx: ModuleContext = { limits, modules: enabled, mounted };
  for (const module of enabled) if (module.routes) mounted.push({ module: module.name, table: module.routes(deps, ctx) });

  // Raw-body routes (signed webhooks) come before the parsers: a signature covers the exact bytes.
  const raw = Router();
  for (const { table } of mounted) raw.use(routerOf(deps, table, { rawBody: true }));
  app.use('/api', raw);

  const api = Router();
  api.use(express.json({ limit: '3mb' }), express.urlencoded({ extended: false, limit: '100kb' }));
  for (const module of enabled) {
    const table = mounted.find((entry) => entry.module === module.name)?.table;
    if (table) api.use(routerOf(deps, table));
    if (module.router) api.use(module.router(deps, ctx));
  }
  api.use('/uploads', express.static(deps.config.uploadDir, { index: false, fallthrough: true, maxAge: '1d' }));
  api.use(notFoundHandler);
  app.use('/api', api);

  mountStaticApps(app, deps.config.staticRoot, logger);
  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
};
