import type { StaffInviteInput, StaffMember, StaffRole, StaffTeamResponse } from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import { changeStaffRole, deactivateStaff, fetchStaffTeam, inviteStaff, reactivateStaff, type TeamChange } from './team.api';

/** Staff accounts live under `['staff', 'team']`: every write refreshes the list. */
export const teamKeys = {
  all: ['staff', 'team'] as const,
  list: () => ['staff', 'team', 'list'] as const,
};

export const useStaffTeam = (options: QueryHookOptions<StaffTeamResponse> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: teamKeys.list(), queryFn: ({ signal }) => fetchStaffTeam(http, signal), ...options });
};

const useTeamWrite = <V>(run: (variables: V) => Promise<StaffMember>, options: MutationHookOptions<StaffMember, V>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    ...options,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      await options.onSuccess?.(...args);
    },
  });
};

export const useInviteStaff = (options: MutationHookOptions<StaffMember, StaffInviteInput> = {}) => {
  const http = useHttpClient();
  return useTeamWrite((input: StaffInviteInput) => inviteStaff(http, input), options);
};

export const useChangeStaffRole = (options: MutationHookOptions<StaffMember, TeamChange & { role: StaffRole }> = {}) => {
  const http = useHttpClient();
  return useTeamWrite((change: TeamChange & { role: StaffRole }) => changeStaffRole(http, change), options);
};

export const useDeactivateStaff = (options: MutationHookOptions<StaffMember, TeamChange> = {}) => {
  const http = useHttpClient();
  return useTeamWrite((change: TeamChange) => deactivateStaff(http, change), options);
};

export const useReactivateStaff = (options: MutationHookOptions<StaffMember, TeamChange> = {}) => {
  const http = useHttpClient();
  return useTeamWrite((change: TeamChange) => reactivateStaff(http, change), options);
};
