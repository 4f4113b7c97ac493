import type { SubscriptionControl, SubscriptionControlFields, SubscriptionControlPreview, SubscriptionControlResult } from '@merchant-hub/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import type { Idempotent } from './staff.api';
import { staffKeys } from './staff.queries';
import { commitSubscriptionControl, previewSubscriptionControl } from './subscription-controls.api';

type Target = { userId: number; control: SubscriptionControl };

/** A preview changes nothing: no invalidation. Its token goes with the commit. */
export const usePreviewSubscriptionControl = (options: MutationHookOptions<SubscriptionControlPreview, SubscriptionControlFields & Target> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: ({ userId, control, ...input }) => previewSubscriptionControl(http, userId, control, input) });
};

/** A committed control changes the merchant's page and timeline, the approvals (a credit may wait) and the audit log. */
export const useCommitSubscriptionControl = (options: MutationHookOptions<SubscriptionControlResult, SubscriptionControlFields & Target & { preview_token: string } & Idempotent> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ userId, control, ...input }) => commitSubscriptionControl(http, userId, control, input),
    onSuccess: async (result, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.merchant(input.userId) }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audits() }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
      await options.onSuccess?.(result, input, ...rest);
    },
  });
};
