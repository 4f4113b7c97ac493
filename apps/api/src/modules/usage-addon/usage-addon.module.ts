import type { ApiModule } from '../api-module';
import { usageAddonRoutes } from './usage-addon.routes';

export const usageAddonModule: ApiModule = {
  name: 'usage-addon',
  routes: (deps) => usageAddonRoutes(deps),
};
