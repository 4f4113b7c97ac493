import type { ApiModule } from './api-module';
import { accountsModule } from './accounts';
import { authModule } from './auth';
import { docsModule } from './docs';
import { healthModule } from './health';
import { listsModule } from './lists';
import { mailboxModule } from './mailbox';
import { operationsModule } from './operations';
import { billingModule } from './billing';
import { packagesModule } from './packages';
import { sandboxModule } from './sandbox';
import { staffModule } from './staff';
import { usageAddonModule } from './usage-addon';
import { signupModule } from './signup';
import { checkoutModule } from './checkout';
import { catalogModule } from './catalog';
import { supportModule } from './support';
import { teamModule } from './team';
import { settingsModule } from './settings';

export type { ApiDoc, ApiModule, ModuleContext, MountedRoutes } from './api-module';

/** Every module of the API, in mounting order. A new module adds one line here. */
export const apiModules: readonly ApiModule[] = [
  healthModule,
  operationsModule,
  authModule,
  // Before accounts: GET /users/staff-access must not be read as GET /users/:id.
  staffModule,
  catalogModule,
  teamModule,
  settingsModule,
  supportModule,
  accountsModule,
  signupModule,
  listsModule,
  mailboxModule,
  docsModule,
  packagesModule,
  billingModule,
  usageAddonModule,
  sandboxModule,
  checkoutModule,
];
