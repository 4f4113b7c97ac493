import type { ApiModule } from '../api-module';
import { settingsRoutes } from './settings.routes';

export const settingsModule: ApiModule = {
  name: 'settings',
  routes: (deps) => settingsRoutes(deps),
};
