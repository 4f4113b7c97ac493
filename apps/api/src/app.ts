import cookieParser from 'cookie-parser';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './app-deps';
import { errorMiddleware, notFoundHandler } from './http/errors';
import { createLogger, requestLogger } from './http/logging';
import { createRateLimiters } from './http/rate-limit';
import { apiModules } from './modules/registry';
import { stripeWebhookHandler } from './modules/checkout/stripe-webhook';
import { mountStaticApps } from './static';

export type { AppDeps } from './app-deps';

export const createApp = (deps: AppDeps): Express => {
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);

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
  const enabled = apiModules.filter((module) => module.enabled?.(deps.config) ?? true);
  const limits = createRateLimiters(deps.rateLimits);
  for (const module of enabled.filter((m) => m.probe)) app.use('/api', module.router(deps, { limits, modules: enabled }));
  app.use(requestLogger(logger));
  app.use(cookieParser());
  // Before the JSON parser: the signature covers the raw bytes.
  app.post('/api/webhooks/stripe', express.raw({ type: '*/*', limit: '1mb' }), stripeWebhookHandler(deps));

  const api = Router();
  api.use(express.json({ limit: '3mb' }), express.urlencoded({ extended: false, limit: '100kb' }));
  for (const module of enabled.filter((m) => !m.probe)) api.use(module.router(deps, { limits, modules: enabled }));
  api.use('/uploads', express.static(deps.config.uploadDir, { index: false, fallthrough: true, maxAge: '1d' }));
  api.use(notFoundHandler);
  app.use('/api', api);

  mountStaticApps(app, deps.config.staticRoot, logger);
  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
};
