import type { ApiModule } from '../api-module';
import { supportRoutes } from './support.routes';

export const supportModule: ApiModule = {
  name: 'support',
  routes: (deps) => supportRoutes(deps),
};
