import { cardCheckoutRequestSchema, fpxCheckoutRequestSchema, makeEcpayCreateOrderSchema, positiveId } from '@merchant-hub/validation';
import { type Request, Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requestMeta, setSessionCookie } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RateLimiters } from '../../http/rate-limit';
import { findCountry, findState } from '../lists/lists.repository';
import { countryHasStates } from './checkout.repository';
import { createCheckoutService, type CheckoutService } from './checkout.service';

/** An opaque provider reference (payment method, intent, ticket): trimmed and not blank. */
const reference = (key: string) => z.string({ error: key }).trim().min(1, { error: key }).max(255, { error: key });

const fieldError = (field: string, key: string): AppError => new AppError('validation_failed', { details: { fields: { [field]: key } } });

export const paymentStatusQuerySchema = z.object({ token: z.string().trim().max(200).optional() });
export const ticketSignInSchema = z.object({ ticket: reference('validation:common.referenceRequired') });
export const validateCouponSchema = z.object({
  coupon: z.string({ error: 'validation:coupon.required' }).trim().min(1, { error: 'validation:coupon.required' }).max(64, { error: 'validation:coupon.required' }),
  package_id: positiveId('validation:gateway.packageRequired'),
});
export const cardSetupSchema = z.object({
  email: z.string({ error: 'validation:cardCheckout.emailRequired' }).trim().email({ error: 'validation:cardCheckout.emailInvalid' }).max(255),
  name: z.string().trim().max(255).nullish(),
});
export const setPaymentMethodSchema = cardCheckoutRequestSchema.extend({
  paymentMethod: reference('validation:billing.paymentMethodRequired'),
  stripe_id: reference('validation:billing.paymentMethodRequired'),
});
export const retrySchema = z.object({ paymentMethod: reference('validation:billing.paymentMethodRequired') });
export const fpxCheckSchema = z.object({ payment_intent_id: reference('validation:billing.paymentMethodRequired') });
const resultTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** The gateway form's country decides whether a state is required, so the country is looked up first. */
const parseGatewayOrder = async (deps: AppDeps, body: unknown) => {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const choice = raw.country;
  const country = typeof choice === 'string' || typeof choice === 'number' ? await findCountry(deps.db, choice) : undefined;
  const hasStates = country ? await countryHasStates(deps.db, country.id) : false;
  const input = makeEcpayCreateOrderSchema({ countryHasStates: hasStates }).parse(raw);
  if (!country) throw fieldError('country', 'validation:gateway.countryRequired');
  const state = hasStates && input.state_or_region !== undefined ? await findState(deps.db, country.id, input.state_or_region) : undefined;
  if (hasStates && !state) throw fieldError('state_or_region', 'validation:gateway.stateRequired');
  return { input, place: { countryId: country.id, countryName: country.name, state: state ?? null } };
};

/** Card and FPX forms name the country and state; both must exist and belong together. */
const placeOf = async (deps: AppDeps, input: { country: string; state_or_region: string }) => {
  const country = await findCountry(deps.db, input.country);
  if (!country) throw fieldError('country', 'validation:billing.countryRequired');
  const state = await findState(deps.db, country.id, input.state_or_region);
  if (!state) throw fieldError('state_or_region', 'validation:billing.stateRequired');
  return { countryId: country.id, countryName: country.name, state };
};

const formBody = (req: Request): Record<string, unknown> => (typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {});

export const checkoutRouter = (deps: AppDeps, limits: RateLimiters, service: CheckoutService = createCheckoutService(deps)): Router => {
  const router = Router();

  // ------------------------------------------------------------------------------------------ ECPay

  router.post('/ecpay/create-order', ...limits('signup'), async (req, res) => {
    const { input, place } = await parseGatewayOrder(deps, req.body);
    res.status(201).json({ data: await service.createEcpayOrder(input, place) });
  });

  // ECPay posts form-encoded and reads the body as text: `1|OK` settles it, anything else is retried.
  router.post('/ecpay/notify', async (req, res) => {
    const result = await service.handleEcpayNotification(formBody(req));
    if (!result.ok) req.log?.warn({ reply: result.reply }, 'ECPay notification refused');
    res.status(result.ok ? 200 : 400).type('text/plain').send(result.reply);
  });

  // The browser comes back through here (ECPay posts OrderResultURL; the sandbox redirects with GET); the
  // result page then asks payment-status, which only the verified notification can turn to success.
  const toResultPage = (req: Request, res: import('express').Response) => {
    const { token } = resultTokenParams.parse(req.params);
    res.redirect(303, `/subscribe-payment-result/${encodeURIComponent(token)}`);
  };
  router.post('/ecpay/order-result/:token', toResultPage);
  router.get('/ecpay/order-result/:token', toResultPage);

  router.get('/ecpay/payment-status', async (req, res) => {
    const { token } = paymentStatusQuerySchema.parse(req.query);
    res.set('Cache-Control', 'no-store');
    res.json(await service.paymentStatus(token || undefined));
  });

  router.post('/checkout/ticket-sign-in', ...limits('login'), async (req, res) => {
    const { ticket } = ticketSignInSchema.parse(req.body);
    const { body, token, expiresAt } = await service.signInWithTicket(ticket, requestMeta(req));
    setSessionCookie(req, res, token, expiresAt);
    res.json(body);
  });

  // ------------------------------------------------------------------------------------------ cards & FPX

  router.get('/checkout/config', (_req, res) => {
    res.json(service.checkoutConfig());
  });

  router.post('/create-merchant/stripe/validate-coupon', ...limits('signup'), async (req, res) => {
    const { coupon, package_id } = validateCouponSchema.parse(req.body);
    res.json(await service.validateCoupon(coupon, package_id));
  });

  router.post('/create-merchant/stripe', ...limits('signup'), async (req, res) => {
    res.status(201).json(await service.createCardSetup(cardSetupSchema.parse(req.body)));
  });

  router.post('/create-merchant/stripe/set-payment-method', ...limits('signup'), async (req, res) => {
    const input = setPaymentMethodSchema.parse(req.body);
    const place = await placeOf(deps, input);
    res.status(201).json(await service.subscribeWithCard(input, place));
  });

  router.post('/create-merchant/retry', ...limits('login'), async (req, res) => {
    const { paymentMethod } = retrySchema.parse(req.body);
    res.json(await service.retrySignIn(paymentMethod));
  });

  router.post('/create-merchant/fpx', ...limits('signup'), async (req, res) => {
    const input = fpxCheckoutRequestSchema.parse(req.body);
    const place = await placeOf(deps, input);
    res.status(201).json(await service.createFpxPayment(input, place));
  });

  router.post('/create-merchant/fpx/check-and-register', ...limits('login'), async (req, res) => {
    const { payment_intent_id } = fpxCheckSchema.parse(req.body);
    res.json(await service.checkAndRegisterFpx(payment_intent_id));
  });

  return router;
};
