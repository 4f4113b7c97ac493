import type { ApiModule } from '../api-module';
import { teamRoutes } from './team.routes';

export const teamModule: ApiModule = {
  name: 'team',
  routes: (deps) => teamRoutes(deps),
};
