import type { ApiModule } from '../api-module';
import { checkoutRoutes } from './checkout.routes';

export const checkoutModule: ApiModule = {
  name: 'checkout',
  routes: (deps, ctx) => checkoutRoutes(deps, ctx.limits),
};
