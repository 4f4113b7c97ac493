// The billing module's public surface. Other modules, jobs, seeds and tools import billing only from here.
export { billingModule } from './billing.module';
export { billingFor, type BillingServices, createBillingServices } from './context/billing.context';
export { type AuthenticationPayment, type Charged, createEngine, type DraftLine, type Engine, type EngineDeps, type InvoiceDraft, type InvoiceInput, type MerchantTx, renewalChargeKey } from './engine/billing.engine';
export { chargeOnce } from './engine/charge-once';
export { addMonthsUtc, intervalMonths, nextPeriodEnd } from './engine/periods';
export { DUNNING_RETRY_DAYS, planLine } from './engine/subscription-steps';
export { type BillingAccount, ensureBillingAccount, readBillingAccount, readBillingAccounts } from './repositories/billing-accounts.repository';
export { findInvoice, type InvoiceRecord, readInvoice, toInvoice, toInvoiceRecord } from './repositories/invoices.repository';
export { ledgerLabelColumns, ledgerLabelOf } from './repositories/ledger.repository';
export { findPromotionByCode, type PromotionRecord, recordRedemption, toCoupon } from './repositories/promotions.repository';
export { type SubscriptionRecord, toSubscriptionRecord } from './repositories/subscriptions.repository';
export type { Actor } from './services/billing-state';
export { couponProblem } from './services/coupon-rules';
export { type ActingFor, actingFor, onBehalfRoutes } from './services/merchant-access';
export { accountFingerprint, createStaffPreviews } from './services/staff-preview';
export { type InvoiceRef, planStaffControl, type StaffControlInput, type StaffControlPlan } from './services/staff-controls';
export { invoicePdf } from './documents/invoice-document';
export { invoiceMail, type InvoiceMailKind, invoicePdfAttachment } from './documents/invoice-mail';
export { advanceMerchantClock, type RunReport, runDueBilling, settleMerchantClock, shiftMerchantClock, startBillingScheduler } from './scheduler/billing-scheduler';
export { isRefundOrDisputeEvent, REFUND_AND_DISPUTE_EVENTS, refundMethodOf } from './services/refunds.service';
export {
  findRefund,
  insertRefund,
  paidInvoicesOf,
  type RefundMethod,
  type RefundRecord,
  refundablePaymentOf,
  refundsByStatus,
  refundsOfInvoice,
  reservedRefundAmounts,
  unapprovedRefundAmountsSince,
  updateRefund,
} from './repositories/refunds.repository';
export { ecpayBillingFor, type EcpayBillingService, ECPAY_INVOICE_NOTIFY_PATH, ECPAY_INVOICE_RESULT_PATH, ECPAY_PERIOD_NOTIFY_PATH } from './ecpay/ecpay-billing.service';
export { registerSandboxAgreement } from './ecpay/sandbox-ecpay';
export { useEcpayTransport } from './ecpay/ecpay-transport';
export { advanceMerchantClockWithEcpay } from './ecpay/ecpay-clock';
