import type { MerchantNote, MerchantNoteInput, MerchantNoteList, MerchantTags, OkResult, TagCatalog } from '@merchant-hub/validation';
import { IDEMPOTENCY_KEY_HEADER } from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';
import { newIdempotencyKey } from './staff.api';

// Internal notes and tags on a merchant (issue 27, capability 2): the console's calls. Staff only; the merchant
// never reads any of it.

const writeOptions = () => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() } });
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchMerchantNotes = (http: HttpClient, userId: number, signal?: AbortSignal): Promise<MerchantNoteList> =>
  http.get(`/staff/merchants/${userId}/notes`, { schema: responseOf('GET /staff/merchants/:userId/notes'), ...withSignal(signal) });

export const addMerchantNote = async (http: HttpClient, userId: number, input: MerchantNoteInput): Promise<MerchantNote> =>
  (await http.post(`/staff/merchants/${userId}/notes`, input, { ...writeOptions(), schema: responseOf('POST /staff/merchants/:userId/notes') })).data;

export const editMerchantNote = async (http: HttpClient, userId: number, noteId: number, input: MerchantNoteInput): Promise<MerchantNote> =>
  (await http.patch(`/staff/merchants/${userId}/notes/${noteId}`, input, { ...writeOptions(), schema: responseOf('PATCH /staff/merchants/:userId/notes/:noteId') })).data;

export const pinMerchantNote = async (http: HttpClient, userId: number, noteId: number, pinned: boolean): Promise<MerchantNote> =>
  (await http.post(`/staff/merchants/${userId}/notes/${noteId}/pin`, { pinned }, { ...writeOptions(), schema: responseOf('POST /staff/merchants/:userId/notes/:noteId/pin') })).data;

export const deleteMerchantNote = (http: HttpClient, userId: number, noteId: number): Promise<OkResult> =>
  http.delete(`/staff/merchants/${userId}/notes/${noteId}`, { ...writeOptions(), schema: responseOf('DELETE /staff/merchants/:userId/notes/:noteId') });

export const addMerchantTag = (http: HttpClient, userId: number, tag: string): Promise<MerchantTags> =>
  http.post(`/staff/merchants/${userId}/tags`, { tag }, { ...writeOptions(), schema: responseOf('POST /staff/merchants/:userId/tags') });

export const removeMerchantTag = (http: HttpClient, userId: number, tag: string): Promise<MerchantTags> =>
  http.delete(`/staff/merchants/${userId}/tags/${encodeURIComponent(tag)}`, { ...writeOptions(), schema: responseOf('DELETE /staff/merchants/:userId/tags/:tag') });

export const fetchTagCatalog = (http: HttpClient, signal?: AbortSignal): Promise<TagCatalog> => http.get('/staff/tags', { schema: responseOf('GET /staff/tags'), ...withSignal(signal) });
