import type { ApiModule } from '../api-module';
import { accountsRoutes } from './accounts.routes';

export const accountsModule: ApiModule = {
  name: 'accounts',
  routes: (deps, ctx) => accountsRoutes(deps, ctx.limits),
};
