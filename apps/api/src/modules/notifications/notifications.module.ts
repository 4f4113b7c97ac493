import type { ApiModule } from '../registry';
import { mailboxRoutes } from './mailbox.routes';

export const notificationsModule: ApiModule = {
  name: 'notifications',
  routes: (deps) => mailboxRoutes(deps),
  // The mailbox shows codes and links: never in production.
  enabled: (config) => config.nodeEnv !== 'production',
};
