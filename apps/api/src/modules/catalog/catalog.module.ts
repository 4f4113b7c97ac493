import type { ApiModule } from '../api-module';
import { catalogRoutes } from './catalog.routes';

export const catalogModule: ApiModule = {
  name: 'catalog',
  routes: (deps) => catalogRoutes(deps),
};
