import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { StaffReasonProvider } from './staff-reason';

export type BillingPaths = { billing: string; upgrade: string; addOn: string };

export const DEFAULT_BILLING_PATHS: BillingPaths = {
  billing: '/home/dashboard',
  upgrade: '/profile/billing/upgrade',
  addOn: '/profile/billing/usage-add-on',
};

/**
 * Whose billing the screens show and where they live. The merchant app leaves `userId` empty (the API takes the
 * session's merchant); staff screens set it to the merchant they act for, and every call passes it on.
 */
export type BillingScope = {
  userId?: number;
  paths: BillingPaths;
  /** Support and superadmin: they see hidden plans and PDF links, and choose a merchant first. */
  isStaff: boolean;
};

const BillingScopeContext = createContext<BillingScope>({ paths: DEFAULT_BILLING_PATHS, isStaff: false });

export type BillingScopeProviderProps = { value: Partial<BillingScope>; children: ReactNode };

export const BillingScopeProvider = ({ value, children }: BillingScopeProviderProps) => {
  const parent = useContext(BillingScopeContext);
  const scope = { ...parent, ...value };
  // Acting for a merchant: every money- or subscription-changing action first asks the staff member why.
  const content = scope.isStaff && !parent.isStaff ? <StaffReasonProvider>{children}</StaffReasonProvider> : children;
  return <BillingScopeContext.Provider value={scope}>{content}</BillingScopeContext.Provider>;
};

export const useBillingScope = (): BillingScope => useContext(BillingScopeContext);
