import type { ApiModule } from '../registry';
import { accountsRoutes } from './accounts.routes';

export const accountsModule: ApiModule = {
  name: 'accounts',
  routes: (deps, ctx) => accountsRoutes(deps, ctx.limits),
};
