import type { ApiModule } from '../api-module';
import { staffRoutes } from './staff.routes';

export const staffModule: ApiModule = {
  name: 'staff',
  routes: (deps) => staffRoutes(deps),
};
