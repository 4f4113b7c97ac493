import type { Catalog, CatalogMarket, CatalogPlan, ListTranslationsEditInput, PlanCreateInput, PlanEditInput, PlanPreviewInput, PlanPreviewResult, PlanReorderInput, Promotion, PromotionCreateInput, PromotionList, RedemptionList, TranslatedListEntry, TranslatedListName, TranslatedLists } from '@merchant-hub/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions, QueryHookOptions } from '../account.queries';
import { useHttpClient } from '../http-client-context';
import { createPlan, createPromotion, deactivatePromotion, fetchCatalog, fetchPromotions, fetchRedemptions, fetchTranslatedLists, hidePlan, previewPlan, reorderPlans, saveListTranslations, savePlan } from './catalog.api';

/** Catalog reads under `['catalog', …]`; a write refreshes them, the audit log and every billing read (prices). */
export const catalogKeys = {
  all: ['catalog'] as const,
  market: (market: CatalogMarket) => ['catalog', 'market', market] as const,
  promotions: () => ['catalog', 'promotions'] as const,
  redemptions: (id: string) => ['catalog', 'promotions', id, 'redemptions'] as const,
  lists: () => ['catalog', 'lists'] as const,
};

export const useCatalog = (market: CatalogMarket, options: QueryHookOptions<Catalog> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: catalogKeys.market(market), queryFn: ({ signal }) => fetchCatalog(http, market, signal), ...options });
};

export const usePromotions = (options: QueryHookOptions<PromotionList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: catalogKeys.promotions(), queryFn: ({ signal }) => fetchPromotions(http, signal), ...options });
};

export const useRedemptions = (id: string | null, options: QueryHookOptions<RedemptionList> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: catalogKeys.redemptions(id ?? ''), queryFn: ({ signal }) => fetchRedemptions(http, id ?? '', signal), enabled: id !== null, ...options });
};

const useCatalogWrite = <TResult, TInput>(mutationFn: (input: TInput) => Promise<TResult>, options: MutationHookOptions<TResult, TInput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (result, input, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
      await options.onSuccess?.(result, input, ...rest);
    },
  });
};

/** A preview changes nothing: no invalidation. */
export const usePreviewPlan = (options: MutationHookOptions<PlanPreviewResult, PlanPreviewInput & { id: number }> = {}) => {
  const http = useHttpClient();
  return useMutation({ ...options, mutationFn: ({ id, ...input }) => previewPlan(http, id, input) });
};

export const useSavePlan = (options: MutationHookOptions<{ data: CatalogPlan }, PlanEditInput & { id: number; reason: string }> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite(({ id, ...input }) => savePlan(http, id, input), options);
};

export const useCreatePlan = (options: MutationHookOptions<{ data: CatalogPlan }, PlanCreateInput & { reason: string }> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite((input) => createPlan(http, input), options);
};

export const useHidePlan = (options: MutationHookOptions<{ ok: true }, { id: number; hide: boolean; reason: string }> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite(({ id, hide, reason }) => hidePlan(http, id, hide, reason), options);
};

export const useReorderPlans = (options: MutationHookOptions<{ ok: true }, PlanReorderInput> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite((input) => reorderPlans(http, input), options);
};

export const useCreatePromotion = (options: MutationHookOptions<{ data: Promotion }, PromotionCreateInput & { reason: string }> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite((input) => createPromotion(http, input), options);
};

export const useDeactivatePromotion = (options: MutationHookOptions<{ data: Promotion }, { id: string; reason: string }> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite(({ id, reason }) => deactivatePromotion(http, id, reason), options);
};

/** GET /staff/catalog/lists: the industries and shop categories, each with its names in the other languages. */
export const useTranslatedLists = (options: QueryHookOptions<TranslatedLists> = {}) => {
  const http = useHttpClient();
  return useQuery({ queryKey: catalogKeys.lists(), queryFn: ({ signal }) => fetchTranslatedLists(http, signal), ...options });
};

export const useSaveListTranslations = (options: MutationHookOptions<{ data: TranslatedListEntry }, ListTranslationsEditInput & { list: TranslatedListName; id: number; reason: string }> = {}) => {
  const http = useHttpClient();
  return useCatalogWrite(({ list, id, ...input }) => saveListTranslations(http, list, id, input), options);
};
