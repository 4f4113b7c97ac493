import { listEntryName, regionName } from '@merchant-hub/i18n';
import type { Exec } from '../../../db/rows';
import { findCountry, findState } from '../../lists';
import { readBillingAccount } from '../repositories/billing-accounts.repository';
import { merchantSummary } from '../repositories/merchants.repository';
import type { InvoiceParty } from './invoice-document';

/**
 * The billing details' state and country, named in `locale` (issue 31 #5): they are kept as the English names the
 * back office's lists send; a name the lists do not know is shown as it was typed.
 */
const placeIn = async (exec: Exec, info: { country: string; state_or_region: string }, locale: string): Promise<string> => {
  const country = info.country ? await findCountry(exec, info.country) : undefined;
  if (!country) return [info.state_or_region, info.country].filter(Boolean).join(', ');
  const state = info.state_or_region ? await findState(exec, country.id, info.state_or_region) : undefined;
  const stateName = state ? listEntryName(state, locale) : info.state_or_region;
  return [stateName, regionName(country.iso_code, country.name, locale)].filter(Boolean).join(', ');
};

/** Whom an invoice is made out to, places named in `locale`: the billing details when given, else the merchant's name. */
export const invoiceParty = async (exec: Exec, merchantId: number, locale = 'en'): Promise<InvoiceParty> => {
  const merchant = await merchantSummary(exec, merchantId);
  const account = await readBillingAccount(exec, merchantId);
  const merchantName = merchant?.name ?? '';
  const info = account?.info;
  const billTo = info
    ? [info.name, info.email, info.address1, info.address2 ?? '', `${info.postal_code} ${info.city}`, await placeIn(exec, info, locale)].filter(Boolean)
    : [merchantName];
  return { merchantName, billTo };
};
