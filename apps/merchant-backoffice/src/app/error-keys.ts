import { isApiError } from '@merchant-hub/api-client';

/** Values the error texts interpolate (`{{extra_info}}` of out_of_credit). */
export const messageValuesOf = (error: unknown): Record<string, string> => {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return {};
  const body = error.body as Record<string, unknown>;
  return typeof body.extra_info === 'string' ? { extra_info: body.extra_info } : {};
};
