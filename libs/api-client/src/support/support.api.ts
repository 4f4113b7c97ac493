import type { SupportInboxQuery, SupportMessageInput } from '@merchant-hub/validation';
import type { HttpClient, QueryParams } from '../http-client';
import { responseOf } from '../response-schemas';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

// Merchant (back office)
export const fetchMyConversations = (http: HttpClient, signal?: AbortSignal) => http.get('/support/conversations', { schema: responseOf('GET /support/conversations'), ...withSignal(signal) });
export const fetchMyUnread = (http: HttpClient, signal?: AbortSignal) => http.get('/support/unread', { schema: responseOf('GET /support/unread'), ...withSignal(signal) });
export const fetchMyConversation = async (http: HttpClient, id: number, signal?: AbortSignal) => (await http.get(`/support/conversations/${id}`, { schema: responseOf('GET /support/conversations/:id'), ...withSignal(signal) })).data;

/** Multipart: the optional screenshot travels with the text. */
export const sendSupportMessage = async (http: HttpClient, input: SupportMessageInput & { screenshot?: File | null }) => {
  const body = new FormData();
  body.append('subject', input.subject);
  body.append('message', input.message);
  if (input.screenshot) body.append('screenshot', input.screenshot);
  return (await http.post('/support/conversations', body, { schema: responseOf('POST /support/conversations') })).data;
};
export const sendFollowUp = async (http: HttpClient, id: number, message: string) => (await http.post(`/support/conversations/${id}/messages`, { message }, { schema: responseOf('POST /support/conversations/:id/messages') })).data;
export const myScreenshotUrl = (id: number, messageId: number): string => `/api/support/conversations/${id}/messages/${messageId}/screenshot`;

// Staff (console)
export const fetchSupportInbox = (http: HttpClient, query: SupportInboxQuery, signal?: AbortSignal) =>
  http.get('/staff/support', { query: query as QueryParams, schema: responseOf('GET /staff/support'), ...withSignal(signal) });
export const fetchSupportUnreadCount = (http: HttpClient, signal?: AbortSignal) => http.get('/staff/support/unread-count', { schema: responseOf('GET /staff/support/unread-count'), ...withSignal(signal) });
export const fetchSupportConversation = async (http: HttpClient, id: number, signal?: AbortSignal) => (await http.get(`/staff/support/${id}`, { schema: responseOf('GET /staff/support/:id'), ...withSignal(signal) })).data;
/** To `assigneeId`, to nobody (`null`), or to the signed-in staff member (left out). */
export const assignSupportConversation = async (http: HttpClient, id: number, assigneeId?: number | null) =>
  (await http.post(`/staff/support/${id}/assign`, assigneeId === undefined ? {} : { assignee_id: assigneeId }, { schema: responseOf('POST /staff/support/:id/assign') })).data;
export const fetchSupportAssignees = (http: HttpClient, signal?: AbortSignal) => http.get('/staff/support/assignees', { schema: responseOf('GET /staff/support/assignees'), ...withSignal(signal) });
export const replySupportConversation = async (http: HttpClient, id: number, message: string) => (await http.post(`/staff/support/${id}/replies`, { message }, { schema: responseOf('POST /staff/support/:id/replies') })).data;
export const closeSupportConversation = async (http: HttpClient, id: number) => (await http.post(`/staff/support/${id}/close`, {}, { schema: responseOf('POST /staff/support/:id/close') })).data;
export const addSupportInternalNote = async (http: HttpClient, id: number, message: string) => (await http.post(`/staff/support/${id}/internal-notes`, { message }, { schema: responseOf('POST /staff/support/:id/internal-notes') })).data;
export const staffScreenshotUrl = (id: number, messageId: number): string => `/api/staff/support/${id}/messages/${messageId}/screenshot`;
