import { staffRoleOf } from '@merchant-hub/domain';
import { consoleSettingsUpdateSchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../http/auth';
import { route, type RouteTable } from '../../http/route-table';
import { createSettingsService } from './settings.service';

/** Console settings (issue 27 capability 4): the four-eyes threshold and window, the inbox's waiting-time target. */
export const settingsRoutes = (deps: AppDeps): RouteTable => {
  const service = createSettingsService(deps);
  return [
    route({
      method: 'get',
      path: '/staff/settings',
      summary: 'Staff only: the console settings — four-eyes threshold per currency (minor units), its window in hours, the inbox waiting-time target in hours',
      auth: 'staff',
      handler: () => service.get(),
    }),
    route({
      method: 'put',
      path: '/staff/settings',
      summary: 'Superadmin only: change the console settings, with a reason (audited with what changed before and after)',
      auth: 'superadmin',
      body: consoleSettingsUpdateSchema,
      audit: 'settings.updated',
      handler: ({ input, req, res }) => {
        const auth = authOf(res);
        return service.update({ userId: auth.userId, role: staffRoleOf(auth.roles) ?? 'superadmin', ip: req.ip ?? null }, input);
      },
    }),
  ];
};
