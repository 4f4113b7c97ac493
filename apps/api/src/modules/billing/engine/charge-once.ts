import { type ChargeInput, type GatewayExec, GatewayError, type GatewayPayment, type PaymentGateway } from '../../../gateways/port';

/** Tries of one charge when the provider times out or fails (always with the same idempotency key). */
const CHARGE_TRIES = 3;

/**
 * Charges with the same idempotency key until the provider answers: a timeout, a 500 or a lost answer may
 * hide a charge that went through, and only a replay of the same key can find it without charging again.
 */
export const chargeOnce = async (gateway: PaymentGateway, input: ChargeInput, exec?: GatewayExec, backoffMs = 50): Promise<GatewayPayment> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await gateway.charge(input, exec);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.code !== 'gateway_unavailable' || attempt >= CHARGE_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs * attempt));
    }
  }
};
