import type { InvoiceStatus } from '@merchant-hub/domain';

export type InvoiceStatusColor = 'green' | 'red' | 'gray';

/** Spec §4: paid green, uncollectible red, draft/open/void grey. */
export const invoiceStatusColor = (status: InvoiceStatus): InvoiceStatusColor => {
  switch (status) {
    case 'paid':
      return 'green';
    case 'uncollectible':
      return 'red';
    case 'draft':
    case 'open':
    case 'void':
      return 'gray';
    default: {
      // A new status added to the domain fails to compile here instead of silently turning grey.
      const unhandled: never = status;
      throw new Error(`Unknown invoice status: ${String(unhandled)}`);
    }
  }
};
