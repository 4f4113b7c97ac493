import type {
  ApprovalCount,
  ApprovalList,
  ApprovalsQueryInput,
  AttentionCounts,
  AuditPage,
  AuditQueryInput,
  ClockAdvanceInput,
  ClockAdvanceResult,
  CreditAdjustmentInput,
  CreditAdjustmentPreview,
  CreditAdjustmentPreviewInput,
  CreditAdjustmentResult,
  InvoiceActionResult,
  MerchantClock,
  MerchantDetail,
  MerchantDirectoryPage,
  MerchantDirectoryQueryInput,
  OkResult,
  ReasonInput,
  StaffAccess,
  StaffMe,
  TimelinePage,
} from '@merchant-hub/validation';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import {
  actOnAccount,
  actOnInvoice,
  advanceMerchantClock,
  createCreditAdjustment,
  decideApproval,
  fetchApprovalCount,
  fetchApprovals,
  fetchAttentionCounts,
  fetchAuditLog,
  fetchMerchantClock,
  fetchMerchantDetail,
  fetchMerchantDirectory,
  fetchMerchantTimeline,
  fetchStaffAccess,
  fetchStaffMe,
  previewCreditAdjustment,
  recordMerchantVisit,
  reverseCreditAdjustment,
} from './staff.api';
import type { AccountAction, ApprovalDecision, Idempotent, InvoiceAction } from './staff.api';

/**
 * Every staff read lives under `['staff', …]`; a merchant's reads under `['staff', 'merchant', userId, …]`, so a
 * write on one merchant refreshes its page, timeline and clock together (and the directory, whose row shows
 * the same state). Act-on-behalf billing reads stay under `billingKeys` and are invalidated with them.
 */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => ['staff', 'me'] as const,
  directories: () => ['staff', 'directory'] as const,
  directory: (query: MerchantDirectoryQueryInput) => ['staff', 'directory', query] as const,
  attentionCounts: () => ['staff', 'directory', 'attention-counts'] as const,
  merchant: (userId: number) => ['staff', 'merchant', userId] as const,
  detail: (userId: number) => ['staff', 'merchant', userId, 'detail'] as const,
  timeline: (userId: number, limit?: number) => ['staff', 'merchant', userId, 'timeline', { limit }] as const,
  clock: (userId: number) => ['staff', 'merchant', userId, 'clock'] as const,
  approvals: (query: ApprovalsQueryInput = {}) => ['staff', 'approvals', query] as const,
  approvalCount: () => ['staff', 'approvals', 'count'] as const,
  audits: () => ['staff', 'audit'] as const,
  audit: (query: Omit<AuditQueryInput, 'cursor'>) => ['staff', 'audit', query] as const,
  staffAccess: () => ['staff-access'] as const,
};

// ---------------------------------------------------------------------------------------------------------- reads

export const useStaffMe = (options: QueryHookOptions<StaffMe> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.me(), queryFn: ({ signal }) => fetchStaffMe(http, signal), ...options });
};

/** One directory page; the previous page stays on screen while the next search answers. */
export const useMerchantDirectory = (query: MerchantDirectoryQueryInput, options: QueryHookOptions<MerchantDirectoryPage> = {}) => {
  const http = useHttpClient();
  return useQuery({
    queryKey: staffKeys.directory(query),
    queryFn: ({ signal }) => fetchMerchantDirectory(http, query, signal),
    placeholderData: keepPreviousData,
    ...options,
  });
};

export const useAttentionCounts = (options: QueryHookOptions<AttentionCounts> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.attentionCounts(), queryFn: ({ signal }) => fetchAttentionCounts(http, signal), ...options });
};

export const useMerchantDetail = (userId: number, options: QueryHookOptions<MerchantDetail> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.detail(userId), queryFn: ({ signal }) => fetchMerchantDetail(http, userId, signal), ...options });
};

/** The account's timeline, newest first; `fetchNextPage` loads older events. */
export const useMerchantTimeline = (userId: number, options: { limit?: number; enabled?: boolean } = {}) => {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: staffKeys.timeline(userId, options.limit),
    queryFn: ({ pageParam, signal }) => fetchMerchantTimeline(http, userId, { cursor: pageParam, limit: options.limit }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TimelinePage) => last.next_cursor ?? undefined,
    enabled: options.enabled,
  });
};

export const useApprovals = (query: ApprovalsQueryInput = {}, options: QueryHookOptions<ApprovalList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.approvals(query), queryFn: ({ signal }) => fetchApprovals(http, query, signal), ...options });
};

/** The navigation's pending-approvals badge; any approval write invalidates it with the list (`['staff', 'approvals']`). */
export const useApprovalCount = (options: QueryHookOptions<ApprovalCount> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.approvalCount(), queryFn: ({ signal }) => fetchApprovalCount(http, signal), refetchInterval: 60_000, ...options });
};

/** The audit log under filters; `fetchNextPage` loads older entries. */
export const useAuditLog = (query: Omit<AuditQueryInput, 'cursor'>, options: { enabled?: boolean } = {}) => {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: staffKeys.audit(query),
    queryFn: ({ pageParam, signal }) => fetchAuditLog(http, { ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditPage) => last.next_cursor ?? undefined,
    enabled: options.enabled,
  });
};

/** Sandbox gateway only: the API answers 404 elsewhere, so the clock panel is not shown. */
export const useMerchantClock = (userId: number, options: QueryHookOptions<MerchantClock> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.clock(userId), queryFn: ({ signal }) => fetchMerchantClock(http, userId, signal), retry: false, meta: { handlesError: true }, ...options });
};

export const useStaffAccess = (options: QueryHookOptions<StaffAccess> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: staffKeys.staffAccess(), queryFn: ({ signal }) => fetchStaffAccess(http, signal), ...options });
};

// ------------------------------------------------------------------------------------------------------ writes

/** After a write on a merchant: its page, timeline, clock, the directory, approvals, the audit log, billing. */
const useMerchantWrite = <TResult, TInput>(
  userIdOf: (input: TInput) => number | undefined,
  mutationFn: (input: TInput) => Promise<TResult>,
  options: MutationHookOptions<TResult, TInput>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (result, input, ...rest) => {
      const userId = userIdOf(input);
      await Promise.all([
        userId === undefined ? queryClient.invalidateQueries({ queryKey: ['staff', 'merchant'] }) : queryClient.invalidateQueries({ queryKey: staffKeys.merchant(userId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.directories() }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audits() }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
      await options.onSuccess?.(result, input, ...rest);
    },
  });
};

export const useRecordMerchantVisit = (options: MutationHookOptions<OkResult, number> = {}) => {
  const http = useHttpClient();
  return useMutation({ meta: { handlesError: true }, ...options, mutationFn: (userId: number) => recordMerchantVisit(http, userId) });
};

/** A preview changes nothing: no invalidation. Its token goes with the commit. */
export const usePreviewCreditAdjustment = (
  options: MutationHookOptions<CreditAdjustmentPreview, CreditAdjustmentPreviewInput & { userId: number }> = {},
) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: ({ userId, ...input }) => previewCreditAdjustment(http, userId, input) });
};

export const useCreateCreditAdjustment = (options: MutationHookOptions<CreditAdjustmentResult, CreditAdjustmentInput & Idempotent & { userId: number }> = {}) => {
  const http = useHttpClient();
  return useMerchantWrite((input) => input.userId, ({ userId, ...input }) => createCreditAdjustment(http, userId, input), options);
};

export const useReverseCreditAdjustment = (
  options: MutationHookOptions<CreditAdjustmentResult, ReasonInput & Idempotent & { adjustmentId: string; userId?: number }> = {},
) => {
  const http = useHttpClient();
  return useMerchantWrite((input) => input.userId, ({ adjustmentId, userId: _userId, ...input }) => reverseCreditAdjustment(http, adjustmentId, input), options);
};

export const useDecideApproval = (
  options: MutationHookOptions<CreditAdjustmentResult, ReasonInput & Idempotent & { approvalId: string; decision: ApprovalDecision; userId?: number }> = {},
) => {
  const http = useHttpClient();
  return useMerchantWrite((input) => input.userId, ({ approvalId, decision, userId: _userId, ...input }) => decideApproval(http, approvalId, decision, input), options);
};

export const useInvoiceAction = (
  options: MutationHookOptions<InvoiceActionResult, ReasonInput & Idempotent & { invoiceId: string; action: InvoiceAction; userId?: number }> = {},
) => {
  const http = useHttpClient();
  return useMerchantWrite((input) => input.userId, ({ invoiceId, action, userId: _userId, ...input }) => actOnInvoice(http, invoiceId, action, input), options);
};

export const useAccountAction = (options: MutationHookOptions<OkResult, ReasonInput & Idempotent & { userId: number; action: AccountAction }> = {}) => {
  const http = useHttpClient();
  return useMerchantWrite((input) => input.userId, ({ userId, action, ...input }) => actOnAccount(http, userId, action, input), options);
};

export const useAdvanceMerchantClock = (options: MutationHookOptions<ClockAdvanceResult, ClockAdvanceInput & Idempotent & { userId: number }> = {}) => {
  const http = useHttpClient();
  return useMerchantWrite((input) => input.userId, ({ userId, ...input }) => advanceMerchantClock(http, userId, input), options);
};
