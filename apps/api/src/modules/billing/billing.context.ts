import type { AppDeps } from '../../app-deps';
import { gatewayFor } from '../../gateways';
import { createEngine, type Engine } from './billing.engine';
import { type BillingService, createBillingService } from './billing.service';

type BillingContext = { engine: Engine; service: BillingService };
const contexts = new WeakMap<AppDeps, BillingContext>();

/** One engine and service per app, shared by the billing, usage add-on, sandbox and staff modules. */
export const billingFor = (deps: AppDeps): BillingContext => {
  let context = contexts.get(deps);
  if (!context) {
    const engine = createEngine({ db: deps.db, clock: deps.clock, gateway: gatewayFor(deps), publicUrl: deps.config.publicUrl });
    context = { engine, service: createBillingService(engine) };
    contexts.set(deps, context);
  }
  return context;
};
