import { createHmac, timingSafeEqual } from 'node:crypto';
import { GatewayError, type GatewayEvent } from './port';

/** Stripe's default tolerance for the signed timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const signWebhook = (payload: string, secret: string, timestamp: number): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

/**
 * `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]`: any v1 equal to HMAC-SHA256(secret, "<t>.<raw body>") within
 * the tolerance is accepted. The sandbox signs its own events the same way so both gateways verify alike.
 */
export const verifyStripeSignature = (rawBody: string | Buffer, header: string | undefined, secret: string, nowSeconds: number): GatewayEvent => {
  const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new GatewayError('signature_invalid', 'Missing webhook signature');
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new GatewayError('signature_invalid', 'Webhook timestamp outside the tolerance');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  const match = signatures.some((sig) => sig.length === expected.length && timingSafeEqual(Buffer.from(sig), expected));
  if (!match) throw new GatewayError('signature_invalid', 'Webhook signature does not match');
  return JSON.parse(payload) as GatewayEvent;
};
