import type { StaffInviteInput, StaffMember, StaffRole, StaffTeamResponse } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';

export const fetchStaffTeam = (http: HttpClient, signal?: AbortSignal): Promise<StaffTeamResponse> => http.get<StaffTeamResponse>('/staff/team', signal ? { signal } : {});

export const inviteStaff = async (http: HttpClient, input: StaffInviteInput): Promise<StaffMember> =>
  (await http.post<{ data: StaffMember }>('/staff/team/invitations', input)).data;

export const changeStaffRole = async (http: HttpClient, userId: number, role: StaffRole): Promise<StaffMember> =>
  (await http.post<{ data: StaffMember }>(`/staff/team/${userId}/role`, { role })).data;

export const deactivateStaff = async (http: HttpClient, userId: number): Promise<StaffMember> =>
  (await http.post<{ data: StaffMember }>(`/staff/team/${userId}/deactivate`, {})).data;
