import type { StaffInviteInput, StaffMember, StaffRole, StaffTeamResponse } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';

export const fetchStaffTeam = (http: HttpClient, signal?: AbortSignal): Promise<StaffTeamResponse> =>
  http.get('/staff/team', { schema: responseOf('GET /staff/team'), ...(signal ? { signal } : {}) });

export const inviteStaff = async (http: HttpClient, input: StaffInviteInput): Promise<StaffMember> =>
  (await http.post('/staff/team/invitations', input, { schema: responseOf('POST /staff/team/invitations') })).data;

export const changeStaffRole = async (http: HttpClient, userId: number, role: StaffRole): Promise<StaffMember> =>
  (await http.post(`/staff/team/${userId}/role`, { role }, { schema: responseOf('POST /staff/team/:userId/role') })).data;

export const deactivateStaff = async (http: HttpClient, userId: number): Promise<StaffMember> =>
  (await http.post(`/staff/team/${userId}/deactivate`, {}, { schema: responseOf('POST /staff/team/:userId/deactivate') })).data;
