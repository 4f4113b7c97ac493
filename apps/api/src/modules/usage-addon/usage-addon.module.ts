import type { ApiModule } from '../registry';
import { usageAddonRoutes } from './usage-addon.routes';

export const usageAddonModule: ApiModule = {
  name: 'usage-addon',
  routes: (deps) => usageAddonRoutes(deps),
};
