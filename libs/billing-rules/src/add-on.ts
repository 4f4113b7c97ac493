import type { UsageLimit } from '@merchant-hub/domain';

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

/** The add-on subscription as far as the channel limit cares. */
export type ChannelAddOn = { status: string; lockChannelCount: number };

/**
 * The sales channels a merchant may run: the plan's `max_channel` plus the channels bought with the usage add-on
 * (spec §1: the add-on sells "extra sales channels"), while the add-on is paid (`active` or `trialing`). A
 * past-due or unpaid add-on raises nothing until it is paid; an unlimited plan (`'*'`) stays unlimited.
 */
export const channelLimit = (planMax: UsageLimit | null | undefined, addOn: ChannelAddOn | null): UsageLimit | null | undefined => {
  if (typeof planMax !== 'number' || !addOn || !['active', 'trialing'].includes(addOn.status)) return planMax;
  const extra = Number.isFinite(addOn.lockChannelCount) && addOn.lockChannelCount > 0 ? Math.floor(addOn.lockChannelCount) : 0;
  return planMax + extra;
};
