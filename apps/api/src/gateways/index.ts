import type { AppDeps } from '../app-deps';
import type { PaymentGateway } from './port';
import { createSandboxGateway, type SandboxGateway } from './sandbox.gateway';
import { GATEWAY_CALL_IN_TRANSACTION, guardGateway, trackTransactions } from './transaction-guard';

const gateways = new WeakMap<AppDeps, PaymentGateway>();


/**
 * The Stripe SDK is large (a third of a second to load on a busy machine) and the sandbox never needs it, so
 * its module is required on first use only (esbuild keeps a require of a bundled module lazy).
 */
const stripeGatewayModule = (): typeof import('./stripe.gateway') =>
  require('./stripe.gateway') as typeof import('./stripe.gateway');

/**
 * One gateway per app instance, chosen by PAYMENT_GATEWAY. AppDeps carries no gateway, so every module of an
 * app asks here and shares the same one.
 */
export const gatewayFor = (deps: AppDeps): PaymentGateway => {
  let gateway = gateways.get(deps);
  if (!gateway) {
    gateway =
      deps.config.paymentGateway === 'stripe'
        ? stripeGatewayModule().createStripeGateway({ secretKey: deps.config.stripe.secretKey ?? '', webhookSecret: deps.config.stripe.webhookSecret ?? '', ...deps.config.stripe.api })
        : createSandboxGateway({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl, faults: deps.config.sandboxFaults, ledgerFile: deps.config.sandboxLedgerFile });
    // Every call made while one of our transactions is open is logged (the tests read it): none should be.
    trackTransactions(deps.db);
    gateway = guardGateway(gateway, (method) => deps.logger?.warn({ method }, GATEWAY_CALL_IN_TRANSACTION));
    gateways.set(deps, gateway);
  }
  return gateway;
};

export const sandboxGatewayFor = (deps: AppDeps): SandboxGateway | null => {
  const gateway = gatewayFor(deps);
  return gateway.name === 'sandbox' ? (gateway as SandboxGateway) : null;
};
