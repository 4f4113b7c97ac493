import type { ApiModule } from '../registry';
import { operationsRoutes } from './operations.routes';

export const operationsModule: ApiModule = {
  name: 'operations',
  routes: (deps) => operationsRoutes(deps),
};
