import type { AppDeps } from '../../../app-deps';
import { gatewayFor } from '../../../gateways';
import { createEngine, type Engine } from '../engine/billing.engine';
import { createAddOnService } from '../services/add-on.service';
import { createChargeRecovery } from '../services/charge-recovery';
import { createCouponsService } from '../services/coupons.service';
import { createFpxRetryService } from '../services/fpx-retry.service';
import { createFpxService } from '../services/fpx.service';
import { createInvoiceDocumentsService } from '../services/invoice-documents.service';
import { createLedgerService } from '../services/ledger.service';
import { createOnSessionPayment } from '../services/on-session-payment';
import { createOverviewService } from '../services/overview.service';
import { createPaymentMethodsService } from '../services/payment-methods.service';
import { createPlanActivation } from '../services/plan-activation';
import { createPlanChangeService } from '../services/plan-change.service';
import { createRefundsService } from '../services/refunds.service';
import { createSubscriptionLifecycleService } from '../services/subscription-lifecycle.service';
import { createThreeDSecureService } from '../services/three-d-secure.service';

/** The billing services of one engine, by capability. */
export const createBillingServices = (engine: Engine) => {
  const activation = createPlanActivation(engine);
  const paymentMethods = createPaymentMethodsService(engine);
  const coupons = createCouponsService(engine);
  const fpxRetry = createFpxRetryService(engine, { paymentMethods });
  const onSession = createOnSessionPayment(engine, { activation, reportedPayment: fpxRetry.recordReportedPayment });
  const lifecycle = createSubscriptionLifecycleService(engine, { onSession, activation, paymentMethods, reportedPayment: fpxRetry.recordReportedPayment });
  return {
    overview: createOverviewService(engine),
    planChanges: createPlanChangeService(engine, { onSession, lifecycle }),
    lifecycle,
    paymentMethods,
    threeDSecure: createThreeDSecureService(engine, { onSession }),
    onSession,
    chargeRecovery: createChargeRecovery(engine, { onSession, reportedPayment: fpxRetry.recordReportedPayment }),
    fpx: createFpxService(engine, { paymentMethods, activation }),
    fpxRetry,
    coupons,
    ledger: createLedgerService(engine),
    addOn: createAddOnService(engine, { onSession, coupons }),
    refunds: createRefundsService(engine),
  };
};

export type BillingServices = ReturnType<typeof createBillingServices>;

const servicesByEngine = new WeakMap<Engine, BillingServices>();

/** The services of an engine (the scheduler, given only the engine, finds its recovery pass here). */
export const billingServicesOf = (engine: Engine): BillingServices => {
  let services = servicesByEngine.get(engine);
  if (!services) {
    services = createBillingServices(engine);
    servicesByEngine.set(engine, services);
  }
  return services;
};

type BillingContext = { engine: Engine; services: BillingServices; invoiceDocuments: ReturnType<typeof createInvoiceDocumentsService> };
const contexts = new WeakMap<AppDeps, BillingContext>();

/** One engine and set of services per app, shared by the billing, usage add-on, sandbox and checkout modules. */
export const billingFor = (deps: AppDeps): BillingContext => {
  let context = contexts.get(deps);
  if (!context) {
    const engine = createEngine({ db: deps.db, clock: deps.clock, gateway: gatewayFor(deps), publicUrl: deps.config.publicUrl, logger: deps.logger, notifier: deps.notifier });
    context = { engine, services: billingServicesOf(engine), invoiceDocuments: createInvoiceDocumentsService(deps) };
    contexts.set(deps, context);
  }
  return context;
};
