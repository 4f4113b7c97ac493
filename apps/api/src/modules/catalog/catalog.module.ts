import type { ApiModule } from '../registry';
import { catalogRoutes } from './catalog.routes';

export const catalogModule: ApiModule = {
  name: 'catalog',
  routes: (deps) => catalogRoutes(deps),
};
