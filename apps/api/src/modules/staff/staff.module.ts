import type { ApiModule } from '../registry';
import { staffRoutes } from './staff.routes';

export const staffModule: ApiModule = {
  name: 'staff',
  routes: (deps) => staffRoutes(deps),
};
