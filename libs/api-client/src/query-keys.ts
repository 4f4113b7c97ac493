/**
 * Keys of one resource, broadest first, so a mutation can invalidate exactly what it changed:
 * `all` ⊃ `lists()` ⊃ `list(query)` and `all` ⊃ `details()` ⊃ `detail(id)`.
 */
export const createQueryKeys = <const Resource extends string>(resource: Resource) => ({
  all: [resource] as const,
  lists: () => [resource, 'list'] as const,
  list: (query: Record<string, unknown> = {}) => [resource, 'list', query] as const,
  details: () => [resource, 'detail'] as const,
  detail: (id: string | number) => [resource, 'detail', id] as const,
});

export const queryKeys = {
  user: { ...createQueryKeys('user'), current: () => ['user', 'current'] as const },
  countries: createQueryKeys('countries'),
  states: createQueryKeys('states'),
  phoneCodes: createQueryKeys('phoneCodes'),
  banners: createQueryKeys('banners'),
  ipCountry: createQueryKeys('ipCountry'),
  resetTokens: createQueryKeys('resetTokens'),
  contactChanges: createQueryKeys('contactChanges'),
  wizardTokens: createQueryKeys('wizardTokens'),
  shopCategories: createQueryKeys('shopCategories'),
  trialSettings: createQueryKeys('trialSettings'),
};
