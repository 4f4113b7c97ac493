import { useCurrentUser, useMerchantStores } from '@merchant-hub/api-client';
import type { MerchantStoreRow } from '@merchant-hub/api-client';
import { useDebouncedValue } from '@mantine/hooks';
import { isStaff as hasStaffRole } from '@merchant-hub/billing-rules';
import { useState } from 'react';
import { useBillingScope } from './billing-scope';

export type ChosenMerchant = { userId: number; storeId: number; name: string };

const STORAGE_KEY = 'merchant-hub.billing.acting-for';

/** The merchant staff chose in this tab, if any. */
export const readChosenMerchant = (): ChosenMerchant | null => {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ChosenMerchant>;
    return typeof value.userId === 'number' && typeof value.storeId === 'number' && typeof value.name === 'string'
      ? { userId: value.userId, storeId: value.storeId, name: value.name }
      : null;
  } catch {
    return null;
  }
};

export const chosenFromRow = (row: MerchantStoreRow): ChosenMerchant => ({
  userId: row.users.auth_server_user_id,
  storeId: row.id,
  name: row.merchant_name ?? row.inventory_stores.name,
});

/**
 * Spec §6: support and superadmin choose a merchant before billing loads, then every billing call carries that
 * merchant's `user_id`. The choice survives a reload of the tab (session storage), not a new sign-in.
 */
export const useStoreChooser = (isStaff: boolean) => {
  const [chosen, setChosen] = useState<ChosenMerchant | null>(() => (isStaff ? readChosenMerchant() : null));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const stores = useMerchantStores(debounced, { enabled: isStaff && chosen === null });
  const choose = (merchant: ChosenMerchant) => {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(merchant));
    setChosen(merchant);
  };
  const clear = () => {
    globalThis.sessionStorage?.removeItem(STORAGE_KEY);
    setChosen(null);
  };
  return { isStaff, chosen: isStaff ? chosen : null, choose, clear, search, setSearch, stores };
};

export type StoreChooserState = ReturnType<typeof useStoreChooser>;

/**
 * Whose billing the upgrade and add-on pages act on: the scope's merchant (staff console), the merchant staff
 * chose on the billing page (this tab), or the signed-in merchant (no user_id). `ready` waits for the roles.
 */
export const useActingMerchant = (): { userId?: number; storeId?: number; ready: boolean } => {
  const scope = useBillingScope();
  const user = useCurrentUser({ meta: { handlesError: true }, enabled: scope.userId === undefined });
  if (scope.userId !== undefined) return { userId: scope.userId, ready: true };
  const staff = scope.isStaff || hasStaffRole(user.data?.roles ?? null);
  const chosen = staff ? readChosenMerchant() : null;
  return { userId: chosen?.userId, storeId: chosen?.storeId, ready: !user.isPending };
};
