import type { AppDeps } from '../../../app-deps';
import { billingFor } from '../context/billing.context';
import { settleMerchantClock, shiftMerchantClock } from '../scheduler/billing-scheduler';
import { ecpayBillingFor } from './ecpay-billing.service';

/**
 * The test clock (POST /api/sandbox/clock/advance) with Taiwan's agreements on it: the merchant's clock moves; the
 * sandbox ECPay makes the agreements' charges that fell due (one that comes before its renewal invoice waits for
 * it); the billing engine runs what fell due; agreements that must stop are cancelled.
 */
export const advanceMerchantClockWithEcpay = async (deps: AppDeps, merchantId: number, seconds: number) => {
  const ecpay = ecpayBillingFor(deps);
  await shiftMerchantClock(deps.db, merchantId, seconds);
  await ecpay.deliverSandboxCharges(merchantId);
  const settled = await settleMerchantClock(billingFor(deps).engine, merchantId);
  await ecpay.settleAgreements(merchantId);
  return settled;
};
