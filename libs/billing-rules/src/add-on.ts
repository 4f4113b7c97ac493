/** Spec §9: the quantity picker offers ten consecutive store counts. */
export const ADD_ON_QUANTITY_OPTION_COUNT = 10;

export type AddOnQuantityOption = {
  value: number;
  /** i18n key suffix, pluralised by `count` ("N store(s)"). */
  labelKey: 'storeCount';
  labelParams: { count: number };
};

/**
 * Starts at the channels already locked in so the merchant cannot pick fewer than they use; with none
 * locked (0, or a malformed value) it starts at 1.
 */
export const addOnQuantityOptions = (lockChannelCount: number): AddOnQuantityOption[] => {
  const start = Number.isFinite(lockChannelCount) && lockChannelCount >= 1 ? Math.floor(lockChannelCount) : 1;
  return Array.from({ length: ADD_ON_QUANTITY_OPTION_COUNT }, (_, i) => {
    const value = start + i;
    return { value, labelKey: 'storeCount', labelParams: { count: value } };
  });
};

/** Whether `quantity` is one of the options the page offers for these locked channels: the server sells only those. */
export const isOfferedAddOnQuantity = (lockChannelCount: number, quantity: number): boolean =>
  addOnQuantityOptions(lockChannelCount).some((option) => option.value === quantity);

/** English label of a quantity option: 1 → '1 store', 2 → '2 stores'. */
export const formatStoreCount = (count: number): string => `${count} ${count === 1 ? 'store' : 'stores'}`;
