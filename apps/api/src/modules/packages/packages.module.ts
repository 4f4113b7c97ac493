import type { ApiModule } from '../registry';
import { packagesRoutes } from './packages.routes';

export const packagesModule: ApiModule = {
  name: 'packages',
  routes: (deps) => packagesRoutes(deps),
};
