import { sandboxAllowed } from '../../config';
import type { ApiModule } from '../api-module';
import { sandboxRoutes } from './sandbox.routes';

export const sandboxModule: ApiModule = {
  name: 'sandbox',
  routes: (deps) => sandboxRoutes(deps),
  // The test clock is the billing engine's, whatever the gateway: rehearsals with Stripe's test mode use it too.
  enabled: (config) => sandboxAllowed(config),
};
