import type { MerchantNote, MerchantNoteList, MerchantTags, OkResult, TagCatalog } from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import { addMerchantNote, addMerchantTag, deleteMerchantNote, editMerchantNote, fetchMerchantNotes, fetchTagCatalog, pinMerchantNote, removeMerchantTag } from './notes.api';
import { staffKeys } from './staff.queries';

export const noteKeys = {
  notes: (userId: number) => [...staffKeys.merchant(userId), 'notes'] as const,
  tags: () => ['staff', 'tags'] as const,
};

export const useMerchantNotes = (userId: number, options: QueryHookOptions<MerchantNoteList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: noteKeys.notes(userId), queryFn: ({ signal }) => fetchMerchantNotes(http, userId, signal), ...options });
};

export const useTagCatalog = (options: QueryHookOptions<TagCatalog> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: noteKeys.tags(), queryFn: ({ signal }) => fetchTagCatalog(http, signal), ...options });
};

/** A note change refreshes the merchant's notes and the audit log. */
const useNoteWrite = <R, I>(userId: number, run: (input: I) => Promise<R>, options: MutationHookOptions<R, I>) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: run,
    onSuccess: async (result, input, ...rest) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: noteKeys.notes(userId) }), queryClient.invalidateQueries({ queryKey: staffKeys.audits() })]);
      await options.onSuccess?.(result, input, ...rest);
    },
  });
};

export const useAddMerchantNote = (userId: number, options: MutationHookOptions<MerchantNote, string> = {}) => {
  const http = useHttpClient();
  return useNoteWrite(userId, (body: string) => addMerchantNote(http, userId, { body }), options);
};

export const useEditMerchantNote = (userId: number, options: MutationHookOptions<MerchantNote, { noteId: number; body: string }> = {}) => {
  const http = useHttpClient();
  return useNoteWrite(userId, ({ noteId, body }: { noteId: number; body: string }) => editMerchantNote(http, userId, noteId, { body }), options);
};

export const usePinMerchantNote = (userId: number, options: MutationHookOptions<MerchantNote, { noteId: number; pinned: boolean }> = {}) => {
  const http = useHttpClient();
  return useNoteWrite(userId, ({ noteId, pinned }: { noteId: number; pinned: boolean }) => pinMerchantNote(http, userId, noteId, pinned), options);
};

export const useDeleteMerchantNote = (userId: number, options: MutationHookOptions<OkResult, number> = {}) => {
  const http = useHttpClient();
  return useNoteWrite(userId, (noteId: number) => deleteMerchantNote(http, userId, noteId), options);
};

/** A tag change refreshes the merchant's page, the directory rows and the directory's tag choices. */
const useTagWrite = (userId: number, run: (tag: string) => Promise<MerchantTags>, options: MutationHookOptions<MerchantTags, string>) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: run,
    onSuccess: async (result, tag, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.detail(userId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.directories() }),
        queryClient.invalidateQueries({ queryKey: noteKeys.tags() }),
        queryClient.invalidateQueries({ queryKey: staffKeys.audits() }),
      ]);
      await options.onSuccess?.(result, tag, ...rest);
    },
  });
};

export const useAddMerchantTag = (userId: number, options: MutationHookOptions<MerchantTags, string> = {}) => {
  const http = useHttpClient();
  return useTagWrite(userId, (tag) => addMerchantTag(http, userId, tag), options);
};

export const useRemoveMerchantTag = (userId: number, options: MutationHookOptions<MerchantTags, string> = {}) => {
  const http = useHttpClient();
  return useTagWrite(userId, (tag) => removeMerchantTag(http, userId, tag), options);
};
