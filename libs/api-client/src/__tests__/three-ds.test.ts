import { describe, expect, it } from 'vitest';
import { parseApiError } from '../api-error';
import { authenticationRedirectOf, confirmPayment, threeDsReturnOf } from '../billing.api';
import { createHttpClient } from '../http-client';
import { installFakeApi } from '../testing';

const authenticationBody = {
  error: { code: 'authentication_required', message: 'Your bank needs you to authenticate this payment', key: 'errors:billing.authenticationRequired' },
  next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://localhost:3000/api/sandbox/3ds/pi_1', return_url: 'http://localhost:3000/home/dashboard?flow=3ds' } },
  payment_intent: { id: 'pi_1', status: 'requires_action', amount: 10692, currency: 'MYR' },
};

const api = installFakeApi();

describe('3-D Secure helpers', () => {
  it('reads the redirect out of a 402 authentication_required answer', () => {
    expect(authenticationRedirectOf(parseApiError(402, authenticationBody))).toEqual({
      url: 'http://localhost:3000/api/sandbox/3ds/pi_1',
      returnUrl: 'http://localhost:3000/home/dashboard?flow=3ds',
      paymentIntent: 'pi_1',
    });
  });

  it('finds no redirect in other errors or in a malformed answer', () => {
    expect(authenticationRedirectOf(parseApiError(402, { error: { code: 'payment_failed', message: 'Declined' } }))).toBeNull();
    expect(authenticationRedirectOf(parseApiError(402, { ...authenticationBody, next_action: { type: 'use_stripe_sdk' } }))).toBeNull();
    expect(authenticationRedirectOf(new Error('boom'))).toBeNull();
  });

  it('tells a 3-D Secure return from an FPX return by its flow parameter', () => {
    expect(threeDsReturnOf(new URLSearchParams('flow=3ds&payment_intent=pi_1&redirect_status=succeeded'))).toEqual({ paymentIntent: 'pi_1', succeeded: true });
    expect(threeDsReturnOf(new URLSearchParams('flow=3ds&payment_intent=pi_1&redirect_status=failed'))).toEqual({ paymentIntent: 'pi_1', succeeded: false });
    expect(threeDsReturnOf(new URLSearchParams('payment_intent=pi_1&redirect_status=succeeded'))).toBeNull();
    expect(threeDsReturnOf(new URLSearchParams('flow=3ds&payment_intent=pi_1'))).toBeNull();
  });

  it('posts confirm-payment with the intent and the merchant acted for', async () => {
    const calls = api.use([{ method: 'POST', path: '/users/billing/confirm-payment', body: { message: 'Payment received', status: 'succeeded', already_confirmed: false } }]);
    const result = await confirmPayment(createHttpClient(), { payment_intent: 'pi_1', user_id: 12 });
    expect(result.message).toBe('Payment received');
    expect(calls[0].url).toBe('/api/users/billing/confirm-payment');
    expect(calls[0].body).toEqual({ payment_intent: 'pi_1', user_id: 12 });
  });
});
