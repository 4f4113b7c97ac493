export { BillingPage } from './pages/billing.page';
export { BillingUpgradePage, upgradeSummary } from './pages/billing-upgrade.page';
export type { UpgradeSummary } from './pages/billing-upgrade.page';
export { UsageAddOnPage } from './pages/usage-add-on.page';
export { BillingScopeProvider, DEFAULT_BILLING_PATHS, useBillingScope } from './billing-scope';
export type { BillingPaths, BillingScope, BillingScopeProviderProps } from './billing-scope';
export { useStoreChooser } from './use-store-chooser';
export type { ChosenMerchant, StoreChooserState } from './use-store-chooser';
export { StoreChooser } from './components/store-chooser';
