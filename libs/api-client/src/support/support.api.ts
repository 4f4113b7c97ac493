import type { SupportConversationDetail, SupportConversationList, SupportInboxQuery, SupportMessageInput } from '@merchant-hub/validation';
import type { HttpClient, QueryParams } from '../http-client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
type Detail = { data: SupportConversationDetail };

// Merchant (back office)
export const fetchMyConversations = (http: HttpClient, signal?: AbortSignal) => http.get<SupportConversationList>('/support/conversations', withSignal(signal));
export const fetchMyUnread = (http: HttpClient, signal?: AbortSignal) => http.get<{ unread: number }>('/support/unread', withSignal(signal));
export const fetchMyConversation = async (http: HttpClient, id: number, signal?: AbortSignal) => (await http.get<Detail>(`/support/conversations/${id}`, withSignal(signal))).data;

/** Multipart: the optional screenshot travels with the text. */
export const sendSupportMessage = async (http: HttpClient, input: SupportMessageInput & { screenshot?: File | null }) => {
  const body = new FormData();
  body.append('subject', input.subject);
  body.append('message', input.message);
  if (input.screenshot) body.append('screenshot', input.screenshot);
  return (await http.post<Detail>('/support/conversations', body)).data;
};
export const sendFollowUp = async (http: HttpClient, id: number, message: string) => (await http.post<Detail>(`/support/conversations/${id}/messages`, { message })).data;
export const myScreenshotUrl = (id: number, messageId: number): string => `/api/support/conversations/${id}/messages/${messageId}/screenshot`;

// Staff (console)
export const fetchSupportInbox = (http: HttpClient, query: SupportInboxQuery, signal?: AbortSignal) =>
  http.get<SupportConversationList>('/staff/support', { query: query as QueryParams, ...withSignal(signal) });
export const fetchSupportUnreadCount = (http: HttpClient, signal?: AbortSignal) => http.get<{ unread: number }>('/staff/support/unread-count', withSignal(signal));
export const fetchSupportConversation = async (http: HttpClient, id: number, signal?: AbortSignal) => (await http.get<Detail>(`/staff/support/${id}`, withSignal(signal))).data;
export const assignSupportConversation = async (http: HttpClient, id: number) => (await http.post<Detail>(`/staff/support/${id}/assign`, {})).data;
export const replySupportConversation = async (http: HttpClient, id: number, message: string) => (await http.post<Detail>(`/staff/support/${id}/replies`, { message })).data;
export const closeSupportConversation = async (http: HttpClient, id: number) => (await http.post<Detail>(`/staff/support/${id}/close`, {})).data;
export const staffScreenshotUrl = (id: number, messageId: number): string => `/api/staff/support/${id}/messages/${messageId}/screenshot`;
