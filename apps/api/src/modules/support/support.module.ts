import type { ApiModule } from '../registry';
import { supportRoutes } from './support.routes';

export const supportModule: ApiModule = {
  name: 'support',
  routes: (deps) => supportRoutes(deps),
};
