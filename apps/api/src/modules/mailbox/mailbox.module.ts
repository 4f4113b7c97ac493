import type { ApiModule } from '../api-module';
import { mailboxRoutes } from './mailbox.routes';

export const mailboxModule: ApiModule = {
  name: 'mailbox',
  routes: (deps) => mailboxRoutes(deps),
  // The mailbox shows codes and links: never in production.
  enabled: (config) => config.nodeEnv !== 'production',
};
