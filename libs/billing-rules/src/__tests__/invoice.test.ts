import type { InvoiceStatus } from '@merchant-hub/domain';
import { invoiceStatusColor } from '../index';

describe('invoiceStatusColor', () => {
  it.each([
    ['paid', 'green'],
    ['uncollectible', 'red'],
    ['draft', 'gray'],
    ['open', 'gray'],
    ['void', 'gray'],
  ] as const)('colours %s %s', (status, expected) => {
    expect(invoiceStatusColor(status)).toBe(expected);
  });

  it('refuses a status the domain does not know', () => {
    expect(() => invoiceStatusColor('refunded' as InvoiceStatus)).toThrow('Unknown invoice status: refunded');
  });
});
