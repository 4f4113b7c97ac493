import type { ApiModule } from '../api-module';
import { signupRoutes } from './signup.routes';

export const signupModule: ApiModule = {
  name: 'signup',
  routes: (deps, ctx) => signupRoutes(deps, ctx.limits),
};
