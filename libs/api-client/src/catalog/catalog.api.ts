import type {
  Catalog,
  CatalogMarket,
  CatalogPlan,
  PlanCreateInput,
  PlanEditInput,
  PlanPreviewInput,
  PlanPreviewResult,
  PlanReorderInput,
  Promotion,
  PromotionCreateInput,
  PromotionList,
  RedemptionList,
  ListTranslationsEditInput,
  TranslatedListEntry,
  TranslatedListName,
  TranslatedLists,
} from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';
import { responseOf } from '../response-schemas';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchCatalog = (http: HttpClient, market: CatalogMarket, signal?: AbortSignal): Promise<Catalog> =>
  http.get('/staff/catalog', { query: { market }, schema: responseOf('GET /staff/catalog'), ...withSignal(signal) });

export const previewPlan = (http: HttpClient, id: number, input: PlanPreviewInput): Promise<PlanPreviewResult> =>
  http.post(`/staff/catalog/plans/${id}/preview`, input, { schema: responseOf('POST /staff/catalog/plans/:id/preview') });

/** Every catalog and promotion write carries the superadmin's reason (issue 27 §8). */
type WithReason = { reason: string };

export const savePlan = (http: HttpClient, id: number, input: PlanEditInput & WithReason): Promise<{ data: CatalogPlan }> =>
  http.post(`/staff/catalog/plans/${id}`, input, { schema: responseOf('POST /staff/catalog/plans/:id') });

export const createPlan = (http: HttpClient, input: PlanCreateInput & WithReason): Promise<{ data: CatalogPlan }> =>
  http.post('/staff/catalog/plans', input, { schema: responseOf('POST /staff/catalog/plans') });

export const hidePlan = (http: HttpClient, id: number, hide: boolean, reason: string): Promise<{ ok: true }> =>
  http.post(`/staff/catalog/plans/${id}/hide`, { hide, reason }, { schema: responseOf('POST /staff/catalog/plans/:id/hide') });

export const reorderPlans = (http: HttpClient, input: PlanReorderInput): Promise<{ ok: true }> =>
  http.post('/staff/catalog/reorder', input, { schema: responseOf('POST /staff/catalog/reorder') });

export const fetchPromotions = (http: HttpClient, signal?: AbortSignal): Promise<PromotionList> =>
  http.get('/staff/promotions', { schema: responseOf('GET /staff/promotions'), ...withSignal(signal) });

export const createPromotion = (http: HttpClient, input: PromotionCreateInput & WithReason): Promise<{ data: Promotion }> =>
  http.post('/staff/promotions', input, { schema: responseOf('POST /staff/promotions') });

export const deactivatePromotion = (http: HttpClient, id: string, reason: string): Promise<{ data: Promotion }> =>
  http.post(`/staff/promotions/${encodeURIComponent(id)}/deactivate`, { reason }, { schema: responseOf('POST /staff/promotions/:id/deactivate') });

export const fetchRedemptions = (http: HttpClient, id: string, signal?: AbortSignal): Promise<RedemptionList> =>
  http.get(`/staff/promotions/${encodeURIComponent(id)}/redemptions`, { schema: responseOf('GET /staff/promotions/:id/redemptions'), ...withSignal(signal) });

/** The store industries and shop categories with their names in every language (issue 31 #5). */
export const fetchTranslatedLists = (http: HttpClient, signal?: AbortSignal): Promise<TranslatedLists> =>
  http.get('/staff/catalog/lists', { schema: responseOf('GET /staff/catalog/lists'), ...withSignal(signal) });

export const saveListTranslations = (http: HttpClient, list: TranslatedListName, id: number, input: ListTranslationsEditInput & WithReason): Promise<{ data: TranslatedListEntry }> =>
  http.post(`/staff/catalog/lists/${list}/${id}`, input, { schema: responseOf('POST /staff/catalog/lists/:list/:id') });
