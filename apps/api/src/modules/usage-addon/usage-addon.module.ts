import { addOnAmountQuerySchema, addOnSubscribeSchema } from '@merchant-hub/validation';
import type { ApiModule } from '../registry';
import { addOnPackageRequestSchema, usageAddonRouter } from './usage-addon.router';

export const usageAddonModule: ApiModule = {
  name: 'usage-addon',
  router: (deps) => usageAddonRouter(deps),
  docs: [
    { method: 'get', path: '/api/users/usage-addon/get-add-on-package', summary: 'The add-on package for the plan’s period (billing_period, sub_total)', auth: true, query: addOnPackageRequestSchema },
    { method: 'get', path: '/api/users/usage-addon/get-amount-to-pay', summary: 'Prorated price, tax, applied credit and total for a store count', auth: true, query: addOnAmountQuerySchema },
    { method: 'post', path: '/api/users/usage-addon/subscribe', summary: 'Subscribe to or raise the add-on, charged at once', auth: true, body: addOnSubscribeSchema },
  ],
};
