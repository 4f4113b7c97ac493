import type { GatewayNoticeList, ReasonInput, RefundableInvoiceList, RefundApprovalList, RefundInput, RefundPreview, RefundPreviewInput, RefundResult, OkResult } from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import { createRefund, decideRefund, fetchGatewayNotices, fetchRefundableInvoices, fetchRefundApprovals, previewRefund, reviewGatewayNotice } from './refunds.api';
import type { ApprovalDecision, Idempotent } from './staff.api';
import { staffKeys } from './staff.queries';

export const refundKeys = {
  invoices: (userId: number) => [...staffKeys.merchant(userId), 'refundable-invoices'] as const,
  approvals: () => ['staff', 'approvals', 'refunds'] as const,
  notices: (status: 'open' | 'all') => ['staff', 'gateway-notices', status] as const,
};

export const useRefundableInvoices = (userId: number, options: QueryHookOptions<RefundableInvoiceList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: refundKeys.invoices(userId), queryFn: ({ signal }) => fetchRefundableInvoices(http, userId, signal), ...options });
};

/** A preview changes nothing: no invalidation. Its token goes with the commit. */
export const usePreviewRefund = (options: MutationHookOptions<RefundPreview, RefundPreviewInput & { invoiceId: string }> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: ({ invoiceId, ...input }) => previewRefund(http, invoiceId, input) });
};

/** A refund, its approval or a reviewed notice changes the merchant's page, the approvals and the notices. */
const useRefundWrite = <R, I>(run: (input: I) => Promise<R>, options: MutationHookOptions<R, I>) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: run,
    onSuccess: async (result, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'merchant'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'gateway-notices'] }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audits() }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
      await options.onSuccess?.(result, input, ...rest);
    },
  });
};

export const useCreateRefund = (options: MutationHookOptions<RefundResult, RefundInput & Idempotent & { invoiceId: string }> = {}) => {
  const http = useHttpClient();
  return useRefundWrite(({ invoiceId, ...input }) => createRefund(http, invoiceId, input), options);
};

export const useRefundApprovals = (options: QueryHookOptions<RefundApprovalList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: refundKeys.approvals(), queryFn: ({ signal }) => fetchRefundApprovals(http, signal), ...options });
};

export const useDecideRefund = (options: MutationHookOptions<RefundResult, ReasonInput & Idempotent & { refundId: string; decision: ApprovalDecision }> = {}) => {
  const http = useHttpClient();
  return useRefundWrite(({ refundId, decision, ...input }) => decideRefund(http, refundId, decision, input), options);
};

export const useGatewayNotices = (status: 'open' | 'all', options: QueryHookOptions<GatewayNoticeList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: refundKeys.notices(status), queryFn: ({ signal }) => fetchGatewayNotices(http, status, signal), ...options });
};

export const useReviewGatewayNotice = (options: MutationHookOptions<OkResult, ReasonInput & Idempotent & { noticeId: number }> = {}) => {
  const http = useHttpClient();
  return useRefundWrite(({ noticeId, ...input }) => reviewGatewayNotice(http, noticeId, input), options);
};
