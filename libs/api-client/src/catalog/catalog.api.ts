import {
  type Catalog,
  type CatalogMarket,
  catalogSchema,
  type CatalogPlan,
  type PlanCreateInput,
  type PlanEditInput,
  type PlanPreviewInput,
  type PlanPreviewResult,
  planPreviewResultSchema,
  type PlanReorderInput,
  type Promotion,
  type PromotionCreateInput,
  type PromotionList,
  promotionListSchema,
  type RedemptionList,
  redemptionListSchema,
} from '@merchant-hub/validation';
import type { HttpClient } from '../http-client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchCatalog = (http: HttpClient, market: CatalogMarket, signal?: AbortSignal): Promise<Catalog> =>
  http.get<Catalog>('/staff/catalog', { query: { market }, schema: catalogSchema, ...withSignal(signal) });

export const previewPlan = (http: HttpClient, id: number, input: PlanPreviewInput): Promise<PlanPreviewResult> =>
  http.post<PlanPreviewResult>(`/staff/catalog/plans/${id}/preview`, input, { schema: planPreviewResultSchema });

export const savePlan = (http: HttpClient, id: number, input: PlanEditInput): Promise<{ data: CatalogPlan }> => http.post<{ data: CatalogPlan }>(`/staff/catalog/plans/${id}`, input);

export const createPlan = (http: HttpClient, input: PlanCreateInput): Promise<{ data: CatalogPlan }> => http.post<{ data: CatalogPlan }>('/staff/catalog/plans', input);

export const hidePlan = (http: HttpClient, id: number, hide: boolean): Promise<{ ok: true }> => http.post<{ ok: true }>(`/staff/catalog/plans/${id}/hide`, { hide });

export const reorderPlans = (http: HttpClient, input: PlanReorderInput): Promise<{ ok: true }> => http.post<{ ok: true }>('/staff/catalog/reorder', input);

export const fetchPromotions = (http: HttpClient, signal?: AbortSignal): Promise<PromotionList> =>
  http.get<PromotionList>('/staff/promotions', { schema: promotionListSchema, ...withSignal(signal) });

export const createPromotion = (http: HttpClient, input: PromotionCreateInput): Promise<{ data: Promotion }> => http.post<{ data: Promotion }>('/staff/promotions', input);

export const deactivatePromotion = (http: HttpClient, id: string): Promise<{ data: Promotion }> => http.post<{ data: Promotion }>(`/staff/promotions/${encodeURIComponent(id)}/deactivate`, {});

export const fetchRedemptions = (http: HttpClient, id: string, signal?: AbortSignal): Promise<RedemptionList> =>
  http.get<RedemptionList>(`/staff/promotions/${encodeURIComponent(id)}/redemptions`, { schema: redemptionListSchema, ...withSignal(signal) });
