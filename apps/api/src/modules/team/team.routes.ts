import { staffRoleOf } from '@merchant-hub/domain';
import { positiveId, reasonSchema, staffInviteSchema, staffRoleChangeSchema, type StaffRole } from '@merchant-hub/validation';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../http/auth';
import { route, type RouteTable } from '../../http/route-table';
import { createTeamService, type TeamActor } from './team.service';

/** `input`: the checked request; its reason (issue 27 §8) goes to the audit entry of the change. */
const actorOf = (req: Request, res: Response, input: { reason: string }): TeamActor => {
  const auth = authOf(res);
  const role: StaffRole = staffRoleOf(auth.roles) ?? 'support';
  return { userId: auth.userId, role, ip: req.ip ?? null, reason: input.reason };
};

const userParams = z.object({ userId: positiveId() });

/** Staff accounts (issue 11 part 3): superadmins list, invite, re-role and deactivate staff. */
export const teamRoutes = (deps: AppDeps): RouteTable => {
  const service = createTeamService(deps);
  return [
    route({
      method: 'get',
      path: '/staff/team',
      summary: 'Superadmin only: every staff account with its role, status (active, invited, deactivated) and last sign-in',
      auth: 'superadmin',
      handler: () => service.list(),
    }),
    route({
      method: 'post',
      path: '/staff/team/invitations',
      summary: 'Superadmin only: invite a support, superadmin or read-only member by e-mail (a set-password link, in the chosen language)',
      auth: 'superadmin',
      body: staffInviteSchema,
      audit: 'staff.invited',
      handler: async ({ input, req, res }) => {
        res.status(201).json(await service.invite(actorOf(req, res, input), input));
      },
    }),
    route({
      method: 'post',
      path: '/staff/team/:userId/role',
      summary: 'Superadmin only: make a staff member support, superadmin or read-only (the last active superadmin stays one)',
      auth: 'superadmin',
      params: userParams,
      body: staffRoleChangeSchema,
      audit: 'staff.role_changed',
      handler: ({ input, params, req, res }) => service.changeRole(actorOf(req, res, input), params.userId, input.role),
    }),
    route({
      method: 'post',
      path: '/staff/team/:userId/deactivate',
      summary: 'Superadmin only: deactivate a staff member; their sessions end at once (never the last active superadmin)',
      auth: 'superadmin',
      params: userParams,
      body: reasonSchema,
      audit: 'staff.deactivated',
      handler: ({ input, params, req, res }) => service.deactivate(actorOf(req, res, input), params.userId),
    }),
    route({
      method: 'post',
      path: '/staff/team/:userId/reactivate',
      summary: 'Superadmin only: let a deactivated staff member sign in again, with the role they had (409 staff_not_deactivated otherwise)',
      auth: 'superadmin',
      params: userParams,
      body: reasonSchema,
      audit: 'staff.reactivated',
      handler: ({ input, params, req, res }) => service.reactivate(actorOf(req, res, input), params.userId),
    }),
  ];
};
