import type { ApiModule } from '../api-module';
import { packagesRoutes } from './packages.routes';

export const packagesModule: ApiModule = {
  name: 'packages',
  routes: (deps) => packagesRoutes(deps),
};
