import type { ConsoleSettings, ConsoleSettingsUpdateInput } from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import { fetchConsoleSettings, updateConsoleSettings } from './settings.api';

/** The console settings under `['staff', 'settings']`; the inbox shows the waiting-time target it holds. */
export const settingsKeys = {
  all: ['staff', 'settings'] as const,
  detail: () => ['staff', 'settings', 'detail'] as const,
};

export const useConsoleSettings = (options: QueryHookOptions<ConsoleSettings> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: settingsKeys.detail(), queryFn: ({ signal }) => fetchConsoleSettings(http, signal), ...options });
};

/** Refreshes the settings and the inbox (its target) once saved. */
export const useUpdateConsoleSettings = (options: MutationHookOptions<ConsoleSettings, ConsoleSettingsUpdateInput> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsoleSettingsUpdateInput) => updateConsoleSettings(http, input),
    ...options,
    onSuccess: async (...args) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: settingsKeys.all }), queryClient.invalidateQueries({ queryKey: ['staff', 'support'] })]);
      await options.onSuccess?.(...args);
    },
  });
};
