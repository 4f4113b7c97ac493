import type { ApiModule } from '../registry';
import { listsRoutes } from './lists.routes';

export const listsModule: ApiModule = {
  name: 'lists',
  routes: (deps, ctx) => listsRoutes(deps, ctx.limits),
};
