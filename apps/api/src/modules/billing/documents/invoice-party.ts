import type { Exec } from '../../../db/rows';
import { readBillingAccount } from '../repositories/billing-accounts.repository';
import { merchantSummary } from '../repositories/merchants.repository';
import type { InvoiceParty } from './invoice-document';

/** Whom an invoice is made out to: the billing details when given, else the merchant's name. */
export const invoiceParty = async (exec: Exec, merchantId: number): Promise<InvoiceParty> => {
  const merchant = await merchantSummary(exec, merchantId);
  const account = await readBillingAccount(exec, merchantId);
  const merchantName = merchant?.name ?? '';
  const billTo = account?.info
    ? [account.info.name, account.info.email, account.info.address1, account.info.address2 ?? '', `${account.info.postal_code} ${account.info.city}`, `${account.info.state_or_region}, ${account.info.country}`].filter(Boolean)
    : [merchantName];
  return { merchantName, billTo };
};
