import type { ApiModule } from '../registry';
import { auditQuerySchema, merchantsQuerySchema, staffRouter } from './staff.router';

export const staffModule: ApiModule = {
  name: 'staff',
  router: (deps) => staffRouter(deps),
  docs: [
    { method: 'get', path: '/api/merchants', summary: 'Staff only: merchant stores to act for (id, inventory_stores, users.auth_server_user_id)', auth: true, query: merchantsQuerySchema },
    { method: 'get', path: '/api/staff/audit-log', summary: 'Staff only: what staff did, newest first (user_id filters by merchant)', auth: true, query: auditQuerySchema },
  ],
};
