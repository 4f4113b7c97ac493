// The merchant's own billing screens, shown in staff scope below the acting banner (one chunk for the three).
export { BillingPage, BillingUpgradePage, UsageAddOnPage } from '@merchant-hub/feature-billing';
