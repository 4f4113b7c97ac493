import type { ApiModule } from '../api-module';
import { operationsRoutes } from './operations.routes';

export const operationsModule: ApiModule = {
  name: 'operations',
  routes: (deps) => operationsRoutes(deps),
};
