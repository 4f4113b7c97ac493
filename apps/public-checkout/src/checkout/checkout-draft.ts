/**
 * What a buyer typed on a checkout page, kept for the browser tab's session (sessionStorage) so that nothing
 * is typed twice (issue 31 #3): across the bank's and ECPay's pages, a failed payment's Acknowledge (a reload)
 * and Back. Never card data: the card is the payment provider's field and is not in the form's values.
 */
const DRAFT_PREFIX = 'merchant-hub.checkout.draft.';

/** The card and FPX checkouts share one draft (the same fields); the gateway checkout has its own. */
export type DraftName = 'card' | 'gateway';

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const storage = (): SessionStorageLike | null => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the page works, it only forgets.
    return null;
  }
};

export const readDraft = <T extends object>(name: DraftName, store: SessionStorageLike | null = storage()): Partial<T> | null => {
  try {
    const parsed = JSON.parse(store?.getItem(DRAFT_PREFIX + name) ?? 'null') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
};

/** Merges `patch` into the stored draft. */
export const saveDraft = <T extends object>(name: DraftName, patch: Partial<T>, store: SessionStorageLike | null = storage()): void => {
  try {
    store?.setItem(DRAFT_PREFIX + name, JSON.stringify({ ...readDraft<T>(name, store), ...patch }));
  } catch {
    // Quota or storage refused: nothing is lost but the memory of it.
  }
};

/** Once paid and signed in, the buyer's details are the account's: no draft stays behind in the tab. */
export const clearDrafts = (store: SessionStorageLike | null = storage()): void => {
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
};

/** A draft's text values that still fit the form: unknown fields and non-text values are left out. */
export const draftValues = <V extends Record<string, unknown>>(draft: Record<string, unknown> | null | undefined, empty: V): Partial<V> => {
  if (!draft) return {};
  const values: Partial<V> = {};
  for (const [field, initial] of Object.entries(empty) as [keyof V & string, unknown][]) {
    const value = draft[field];
    if (typeof value === typeof initial && value !== undefined) values[field] = value as V[typeof field];
  }
  return values;
};

/**
 * Of a draft's values, those the form does not hold already. What the buyer typed on this visit before the form
 * was hydrated is in the draft too: setting it again would redraw (re-key) every field under their fingers.
 */
export const valuesToRestore = <V extends Record<string, unknown>>(saved: Partial<V>, current: V): Partial<V> =>
  Object.fromEntries(Object.entries(saved).filter(([field, value]) => current[field] !== value)) as Partial<V>;
