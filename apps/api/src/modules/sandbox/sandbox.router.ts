import { positiveId, wholeNumber } from '@merchant-hub/validation';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { sandboxGatewayFor } from '../../gateways';
import { GatewayError } from '../../gateways/port';
import { requireAuth, requireStaff } from '../../http/auth';
import { AppError } from '../../http/errors';
import { advanceMerchantClock } from '../../jobs/billing-scheduler';
import { billingFor } from '../billing/billing.context';
import { actingFor } from '../billing/merchant-access';
import { fpxPage } from './fpx-page';
import { threeDsPage } from './three-ds-page';

const INT_KEY = 'validation:common.invalidInput';

export const sandboxPaymentMethodSchema = z.object({
  number: z.string({ error: 'validation:billing.paymentMethodRequired' }).trim().regex(/^[\d\s-]{12,23}$/, { error: 'validation:billing.paymentMethodRequired' }),
  exp_month: wholeNumber(INT_KEY).pipe(z.number().min(1, { error: INT_KEY }).max(12, { error: INT_KEY })),
  exp_year: wholeNumber(INT_KEY).pipe(z.number().min(2000, { error: INT_KEY }).max(2100, { error: INT_KEY })),
  cvc: z.string({ error: INT_KEY }).trim().regex(/^\d{3,4}$/, { error: INT_KEY }),
});

export const clockAdvanceSchema = z.object({
  user_id: positiveId(),
  // Up to ten years at a time: enough to walk any yearly plan through renewals.
  seconds: wholeNumber(INT_KEY).pipe(z.number().positive({ error: INT_KEY }).max(10 * 366 * 86_400, { error: INT_KEY })),
});

const fpxCompleteSchema = z.object({ outcome: z.enum(['succeeded', 'failed']) });

/** Stand-ins for Stripe.js and the FPX bank while PAYMENT_GATEWAY=sandbox (ARCHITECTURE "Contracts"). */
export const sandboxRouter = (deps: AppDeps): Router => {
  const router = Router();
  // The bank and 3-D Secure pages send the browser back only into this product, whatever a stored row says.
  const returnTarget = (stored: string | null): URL => {
    const fallback = new URL(`${deps.config.publicUrl}/home/dashboard`);
    const target = stored ? URL.parse(stored) : null;
    return target && target.origin === fallback.origin ? target : fallback;
  };
  const gateway = () => {
    const sandbox = sandboxGatewayFor(deps);
    if (!sandbox) throw new AppError('not_found');
    return sandbox;
  };

  router.post('/sandbox/payment-methods', async (req, res) => {
    const input = sandboxPaymentMethodSchema.parse(req.body);
    try {
      res.status(201).json(await gateway().createPaymentMethod(input));
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('card_error', { message: error.message, details: { decline_code: error.code } });
      throw error;
    }
  });

  router.post('/sandbox/clock/advance', requireAuth(deps), requireStaff, async (req, res) => {
    const input = clockAdvanceSchema.parse(req.body);
    const acting = await actingFor(deps, req, res, { userId: input.user_id, action: 'sandbox.clock_advance', details: { ...input } });
    const { now, report } = await advanceMerchantClock(billingFor(deps).engine, acting.merchantId, input.seconds);
    res.json({ now: new Date(now * 1000).toISOString(), report });
  });

  router.get('/sandbox/fpx/:id', async (req, res) => {
    const payment = await gateway().findBankPayment(String(req.params.id));
    if (!payment) throw new AppError('not_found');
    res.type('html').send(fpxPage(payment));
  });

  router.post('/sandbox/fpx/:id/complete', async (req, res) => {
    const { outcome } = fpxCompleteSchema.parse(req.body);
    let payment;
    try {
      payment = await gateway().completeBankPayment(String(req.params.id), outcome);
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('not_found');
      throw error;
    }
    const target = returnTarget(payment.return_url);
    target.searchParams.set('payment_intent', payment.id);
    target.searchParams.set('payment_intent_client_secret', payment.client_secret ?? '');
    target.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
    res.redirect(303, target.toString());
  });

  router.get('/sandbox/3ds/:id', async (req, res) => {
    const payment = await gateway().findCardPayment(String(req.params.id));
    if (!payment || !payment.return_url) throw new AppError('not_found');
    res.type('html').send(threeDsPage(payment));
  });

  router.post('/sandbox/3ds/:id/complete', async (req, res) => {
    const { outcome } = fpxCompleteSchema.parse(req.body);
    let payment;
    try {
      payment = await gateway().completeAuthentication(String(req.params.id), outcome);
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError('not_found');
      throw error;
    }
    if (!payment.return_url) throw new AppError('not_found');
    // Stripe's return: the page appends the intent and its outcome to the merchant's return_url.
    const target = returnTarget(payment.return_url);
    target.searchParams.set('payment_intent', payment.id);
    target.searchParams.set('payment_intent_client_secret', payment.client_secret ?? '');
    target.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
    res.redirect(303, target.toString());
  });

  return router;
};
