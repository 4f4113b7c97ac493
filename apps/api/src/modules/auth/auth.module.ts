import type { ApiModule } from '../api-module';
import { authRoutes } from './auth.routes';

export const authModule: ApiModule = {
  name: 'auth',
  routes: (deps, ctx) => authRoutes(deps, ctx.limits),
};
