import { seedBillingDemo } from './seed/billing-demo';
import type { ApiModule } from '../api-module';
import { billingRoutes } from './billing.routes';
import { ecpayBillingRoutes } from './ecpay/ecpay-billing.routes';

export const billingModule: ApiModule = {
  name: 'billing',
  routes: (deps) => [...billingRoutes(deps), ...ecpayBillingRoutes(deps)],
  seed: seedBillingDemo,
};
