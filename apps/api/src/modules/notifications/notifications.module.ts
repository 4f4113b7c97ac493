import type { ApiModule } from '../registry';
import { mailboxRouter } from './mailbox.router';

export const notificationsModule: ApiModule = {
  name: 'notifications',
  router: (deps) => mailboxRouter(deps),
  // The mailbox shows codes and links: never in production.
  enabled: (config) => config.nodeEnv !== 'production',
  docs: [
    { method: 'get', path: '/api/dev/mailbox', summary: 'Development mailbox: outbox messages to ?to=<e-mail or phone>, newest first (not in production)' },
    { method: 'get', path: '/api/dev/mailbox.html', summary: 'Development mailbox page' },
    { method: 'get', path: '/api/dev/mailbox.js', summary: 'Development mailbox page script (served apart: the CSP blocks inline scripts)' },
  ],
};
