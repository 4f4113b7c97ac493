// The gateway form post lives in the ui-kit: the back office posts ECPay's form too (paying an invoice).
export { postHostedForm } from '@merchant-hub/ui-kit';
