import type { ApiModule } from '../registry';
import { teamRoutes } from './team.routes';

export const teamModule: ApiModule = {
  name: 'team',
  routes: (deps) => teamRoutes(deps),
};
