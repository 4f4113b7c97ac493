import { sandboxAllowed } from '../../config';
import type { ApiModule } from '../api-module';
import { sandboxRoutes } from './sandbox.routes';

export const sandboxModule: ApiModule = {
  name: 'sandbox',
  routes: (deps) => sandboxRoutes(deps),
  enabled: (config) => config.paymentGateway === 'sandbox' && sandboxAllowed(config),
};
