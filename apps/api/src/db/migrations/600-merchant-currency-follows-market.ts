import type { Knex } from 'knex';

/**
 * The market decides the currency. Trial sign-up once let a store pick any currency, so a Taiwan store
 * could be priced in MYR: its must-subscribe list showed Taiwan's plans and every one of them was refused
 * (package_unavailable), leaving the merchant with nothing to buy. Merchants who never bought anything
 * (no subscription, invoice or ledger entry) take their country's currency, on the merchant, its billing
 * account and its stores. Anyone with billing history keeps it: their amounts are already in that currency.
 */
export const up = async (knex: Knex): Promise<void> => {
  const mismatched: { id: number; currency: string }[] = await knex('merchants')
    .join('countries', 'countries.id', 'merchants.country_id')
    .whereRaw('merchants.currency_code <> countries.currency_code')
    .whereNotExists(knex('subscriptions').whereRaw('subscriptions.merchant_id = merchants.id').select(knex.raw('1')))
    .whereNotExists(knex('invoices').whereRaw('invoices.merchant_id = merchants.id').select(knex.raw('1')))
    .whereNotExists(knex('balance_transactions').whereRaw('balance_transactions.merchant_id = merchants.id').select(knex.raw('1')))
    .select('merchants.id as id', 'countries.currency_code as currency');
  for (const { id, currency } of mismatched) {
    await knex('merchants').where({ id }).update({ currency_code: currency });
    await knex('billing_accounts').where({ merchant_id: id }).update({ currency });
    await knex('stores').where({ merchant_id: id }).update({ currency_code: currency });
  }
};

/** Nothing to undo: the old currencies were the defect. */
export const down = async (): Promise<void> => undefined;
