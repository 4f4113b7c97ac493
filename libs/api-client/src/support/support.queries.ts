import type { SupportAssignees, SupportConversationDetail, SupportConversationList, SupportInboxQuery, SupportMessageInput } from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import {
  assignSupportConversation,
  addSupportInternalNote,
  closeSupportConversation,
  fetchMyConversation,
  fetchMyConversations,
  fetchMyUnread,
  fetchSupportAssignees,
  fetchSupportConversation,
  fetchSupportInbox,
  fetchSupportUnreadCount,
  replySupportConversation,
  sendFollowUp,
  sendSupportMessage,
} from './support.api';

/** The merchant's conversations under `['support']`, the staff inbox under `['staff', 'support']`. */
export const supportKeys = {
  all: ['support'] as const,
  list: () => ['support', 'list'] as const,
  unread: () => ['support', 'unread'] as const,
  detail: (id: number) => ['support', 'detail', id] as const,
  inboxAll: ['staff', 'support'] as const,
  inbox: (query: SupportInboxQuery) => ['staff', 'support', 'list', query] as const,
  inboxUnread: () => ['staff', 'support', 'unread'] as const,
  inboxDetail: (id: number) => ['staff', 'support', 'detail', id] as const,
  assignees: () => ['staff', 'support', 'assignees'] as const,
};

type Detail = SupportConversationDetail;

export const useMyConversations = (options: QueryHookOptions<SupportConversationList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: supportKeys.list(), queryFn: ({ signal }) => fetchMyConversations(http, signal), ...options });
};

export const useMyUnreadReplies = (options: QueryHookOptions<{ unread: number }> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: supportKeys.unread(), queryFn: ({ signal }) => fetchMyUnread(http, signal), ...options });
};

export const useMyConversation = (id: number, options: QueryHookOptions<Detail> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: supportKeys.detail(id),
    queryFn: async ({ signal }) => {
      const detail = await fetchMyConversation(http, id, signal);
      // Reading marks the replies read: the list and the unread badge follow.
      void queryClient.invalidateQueries({ queryKey: supportKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: supportKeys.list() });
      return detail;
    },
    ...options,
  });
};

const useSupportWrite = <V>(run: (variables: V) => Promise<Detail>, keys: readonly (readonly unknown[])[], options: MutationHookOptions<Detail, V>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    ...options,
    onSuccess: async (...args) => {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await options.onSuccess?.(...args);
    },
  });
};

export type SupportMessageSubmission = SupportMessageInput & { screenshot?: File | null };

export const useSendSupportMessage = (options: MutationHookOptions<Detail, SupportMessageSubmission> = {}) => {
  const http = useHttpClient();
  return useSupportWrite((input: SupportMessageSubmission) => sendSupportMessage(http, input), [supportKeys.all], options);
};

export const useSendFollowUp = (id: number, options: MutationHookOptions<Detail, string> = {}) => {
  const http = useHttpClient();
  return useSupportWrite((message: string) => sendFollowUp(http, id, message), [supportKeys.all], options);
};

export const useSupportInbox = (query: SupportInboxQuery, options: QueryHookOptions<SupportConversationList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: supportKeys.inbox(query), queryFn: ({ signal }) => fetchSupportInbox(http, query, signal), ...options });
};

/** The navigation badge: refreshed every minute while the console is open. */
export const useSupportUnreadCount = (options: QueryHookOptions<{ unread: number }> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: supportKeys.inboxUnread(), queryFn: ({ signal }) => fetchSupportUnreadCount(http, signal), refetchInterval: 60_000, ...options });
};

export const useSupportConversation = (id: number, options: QueryHookOptions<Detail> = {}) => {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: supportKeys.inboxDetail(id),
    queryFn: async ({ signal }) => {
      const detail = await fetchSupportConversation(http, id, signal);
      void queryClient.invalidateQueries({ queryKey: supportKeys.inboxUnread() });
      return detail;
    },
    ...options,
  });
};

const inboxKeys = [supportKeys.inboxAll] as const;

/** The staff members a thread can go to (active support and superadmin). */
export const useSupportAssignees = (options: QueryHookOptions<SupportAssignees> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: supportKeys.assignees(), queryFn: ({ signal }) => fetchSupportAssignees(http, signal), staleTime: 60_000, ...options });
};

/** Variables: a staff member's id, `null` for nobody, nothing for the signed-in staff member. */
export const useAssignSupportConversation = (id: number, options: MutationHookOptions<Detail, number | null | void> = {}) => {
  const http = useHttpClient();
  return useSupportWrite((assigneeId: number | null | void) => assignSupportConversation(http, id, assigneeId ?? (assigneeId === null ? null : undefined)), inboxKeys, options);
};

export const useReplySupportConversation = (id: number, options: MutationHookOptions<Detail, string> = {}) => {
  const http = useHttpClient();
  return useSupportWrite((message: string) => replySupportConversation(http, id, message), inboxKeys, options);
};

export const useCloseSupportConversation = (id: number, options: MutationHookOptions<Detail, void> = {}) => {
  const http = useHttpClient();
  return useSupportWrite(() => closeSupportConversation(http, id), inboxKeys, options);
};

/** Staff only: the note shows in the console's thread; the merchant's calls never carry it. */
export const useAddSupportInternalNote = (id: number, options: MutationHookOptions<Detail, string> = {}) => {
  const http = useHttpClient();
  return useSupportWrite((message: string) => addSupportInternalNote(http, id, message), inboxKeys, options);
};
