import type { ApiModule } from '../api-module';
import { listsRoutes } from './lists.routes';

export const listsModule: ApiModule = {
  name: 'lists',
  routes: (deps, ctx) => listsRoutes(deps, ctx.limits),
};
