import type { BillingInfo, CurrencyCode, Market, PaymentType } from '@merchant-hub/domain';
import { rawRows } from '../../../db/knex';
import { type Exec, iso, lockForUpdate, num } from '../../../db/rows';

export type BillingAccount = {
  merchantId: number;
  currency: CurrencyCode;
  market: Market;
  ownerUserId: number;
  paymentType: PaymentType;
  defaultPaymentMethod: string | null;
  gatewayCustomerId: string | null;
  /** Ledger running total: negative is credit owed to the merchant. */
  balance: number;
  createdAt: number;
  info: Omit<BillingInfo, 'user_merchant_id' | 'created_at'> | null;
};

const MARKETS: readonly string[] = ['MY', 'SG', 'PH', 'TH', 'TW'];
const MARKET_OF_CURRENCY: Record<string, Market> = { MYR: 'MY', SGD: 'SG', PHP: 'PH', THB: 'TH', TWD: 'TW' };

/** The merchant's market: its country's, else its currency's, else MY. */
const marketOf = (countryIso: unknown, currencyCode: unknown): Market =>
  MARKETS.includes(String(countryIso)) ? (countryIso as Market) : (MARKET_OF_CURRENCY[String(currencyCode)] ?? 'MY');

/** The account, created on first use (a read when it exists: no write, no write lock). */
export const billingAccountOf = async (exec: Exec, merchantId: number, now: number | (() => Promise<number>)): Promise<BillingAccount | null> => {
  const existing = await readBillingAccount(exec, merchantId);
  if (existing) return existing;
  await ensureBillingAccount(exec, merchantId, typeof now === 'number' ? now : await now());
  return readBillingAccount(exec, merchantId);
};

/** Creates the billing account on first use; concurrent first uses insert once. */
export const ensureBillingAccount = async (exec: Exec, merchantId: number, nowSeconds: number): Promise<void> => {
  const merchant = await exec('merchants').where({ id: merchantId }).first('currency_code');
  if (!merchant) return;
  await exec('billing_accounts')
    .insert({ merchant_id: merchantId, currency: merchant.currency_code, created_at: nowSeconds, updated_at: nowSeconds })
    .onConflict('merchant_id')
    .ignore();
};

const accountsQuery = (exec: Exec) =>
  exec('billing_accounts')
    .join('merchants', 'merchants.id', 'billing_accounts.merchant_id')
    .leftJoin('countries', 'countries.id', 'merchants.country_id')
    .select('billing_accounts.*', 'merchants.owner_user_id as merchant_owner_user_id', 'merchants.currency_code as merchant_currency_code', 'countries.iso_code as merchant_country_iso');

/** The account with its merchant's owner and market, in one statement (row-locked on PostgreSQL when `lock`). */
const ACCOUNT_SQL =
  'select billing_accounts.*, merchants.owner_user_id as merchant_owner_user_id, merchants.currency_code as merchant_currency_code, countries.iso_code as merchant_country_iso from billing_accounts join merchants on merchants.id = billing_accounts.merchant_id left join countries on countries.id = merchants.country_id where billing_accounts.merchant_id = ?';

export const readBillingAccount = async (exec: Exec, merchantId: number, lock?: { skipLocked: boolean }): Promise<BillingAccount | null> => {
  if (!lock) {
    // The read of every billing page: prebuilt SQL, the same statement accountsQuery builds.
    const [row] = await rawRows(exec, ACCOUNT_SQL, [merchantId]);
    return row ? toBillingAccount(row) : null;
  }
  const query = accountsQuery(exec).where('billing_accounts.merchant_id', merchantId);
  const row = await (lock ? lockForUpdate(exec, query, lock.skipLocked, ['billing_accounts']) : query).first();
  return row ? toBillingAccount(row) : null;
};

/** Several merchants' accounts in one statement (the renewal engine's batches), by merchant id. */
export const readBillingAccounts = async (exec: Exec, merchantIds: number[]): Promise<Map<number, BillingAccount>> => {
  // The ids on both sides of the join: PostgreSQL does not carry an IN list across it, and read every merchant
  // (a hash join over the whole table, per renewal batch) instead of looking these up by key.
  const rows = merchantIds.length === 0 ? [] : await accountsQuery(exec).whereIn('billing_accounts.merchant_id', merchantIds).whereIn('merchants.id', merchantIds);
  return new Map(rows.map((row) => [num(row.merchant_id), toBillingAccount(row)]));
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a database row, typed by the columns read below
const toBillingAccount = (row: Record<string, any>): BillingAccount => {
  const merchantId = num(row.merchant_id);
  return {
    merchantId,
    currency: row.currency as CurrencyCode,
    market: marketOf(row.merchant_country_iso, row.merchant_currency_code),
    ownerUserId: num(row.merchant_owner_user_id),
    paymentType: row.payment_type as PaymentType,
    defaultPaymentMethod: row.default_payment_method ?? null,
    gatewayCustomerId: row.gateway_customer_id ?? null,
    balance: num(row.balance),
    createdAt: num(row.created_at),
    info:
      row.name === null
        ? null
        : {
            name: row.name,
            email: row.email,
            address1: row.address1,
            address2: row.address2 ?? null,
            city: row.city,
            postal_code: row.postal_code,
            country: row.country ?? 'Malaysia',
            state_or_region: row.state_or_region,
          },
  };
};

export const billingInfoOf = (account: BillingAccount): BillingInfo | null =>
  account.info === null ? null : { user_merchant_id: account.merchantId, ...account.info, created_at: iso(account.createdAt) as string };

/** The gateway customer the merchant's cards and charges belong to. */
export const setGatewayCustomer = async (exec: Exec, merchantId: number, customer: string | null): Promise<void> => {
  await exec('billing_accounts').where({ merchant_id: merchantId }).update({ gateway_customer_id: customer });
};

/** The card charged by default (and the account's payment type becomes `card`). */
export const setDefaultCard = async (exec: Exec, merchantId: number, paymentMethod: string, now: number): Promise<void> => {
  await exec('billing_accounts').where({ merchant_id: merchantId }).update({ default_payment_method: paymentMethod, payment_type: 'card', updated_at: now });
};

export const clearDefaultCard = async (exec: Exec, merchantId: number): Promise<void> => {
  await exec('billing_accounts').where({ merchant_id: merchantId }).update({ default_payment_method: null });
};

export const setPaymentType = async (exec: Exec, merchantId: number, paymentType: PaymentType, now: number): Promise<void> => {
  await exec('billing_accounts').where({ merchant_id: merchantId }).update({ payment_type: paymentType, updated_at: now });
};

export const updateBillingDetails = async (exec: Exec, merchantId: number, info: NonNullable<BillingAccount['info']>, now: number): Promise<void> => {
  await exec('billing_accounts')
    .where({ merchant_id: merchantId })
    .update({
      name: info.name,
      email: info.email,
      address1: info.address1,
      address2: info.address2 ?? null,
      city: info.city,
      postal_code: info.postal_code,
      country: info.country,
      state_or_region: info.state_or_region,
      updated_at: now,
    });
};
