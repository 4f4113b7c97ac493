import type { StaffInviteInput, StaffMember, StaffRole, StaffTeamResponse } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';

export const fetchStaffTeam = (http: HttpClient, signal?: AbortSignal): Promise<StaffTeamResponse> =>
  http.get('/staff/team', { schema: responseOf('GET /staff/team'), ...(signal ? { signal } : {}) });

export const inviteStaff = async (http: HttpClient, input: StaffInviteInput): Promise<StaffMember> =>
  (await http.post('/staff/team/invitations', input, { schema: responseOf('POST /staff/team/invitations') })).data;

/** Every team write carries the superadmin's reason (issue 27 §8). */
export type TeamChange = { userId: number; reason: string };

export const changeStaffRole = async (http: HttpClient, { userId, role, reason }: TeamChange & { role: StaffRole }): Promise<StaffMember> =>
  (await http.post(`/staff/team/${userId}/role`, { role, reason }, { schema: responseOf('POST /staff/team/:userId/role') })).data;

export const deactivateStaff = async (http: HttpClient, { userId, reason }: TeamChange): Promise<StaffMember> =>
  (await http.post(`/staff/team/${userId}/deactivate`, { reason }, { schema: responseOf('POST /staff/team/:userId/deactivate') })).data;

export const reactivateStaff = async (http: HttpClient, { userId, reason }: TeamChange): Promise<StaffMember> =>
  (await http.post(`/staff/team/${userId}/reactivate`, { reason }, { schema: responseOf('POST /staff/team/:userId/reactivate') })).data;
