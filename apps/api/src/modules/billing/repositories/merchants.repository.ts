import { rawRows } from '../../../db/knex';
import { type Exec, num } from '../../../db/rows';

// Billing's reads of merchants, their stores and owners: who a request acts for, what the overview counts.

export type MerchantRef = { id: number; owner: number };

/** The merchant a user owns, or (a store's staff) the merchant of a store the user works in. */
export const merchantOfUser = async (exec: Exec, userId: number): Promise<MerchantRef | null> => {
  // Prebuilt SQL: every billing request asks (the owner's case).
  const [owned] = await rawRows(exec, 'select id, owner_user_id from merchants where owner_user_id = ? limit 1', [userId]);
  if (owned) return { id: num(owned.id), owner: num(owned.owner_user_id) };
  const member = await exec('store_users')
    .join('stores', 'stores.id', 'store_users.store_id')
    .join('merchants', 'merchants.id', 'stores.merchant_id')
    .where('store_users.user_id', userId)
    .first('merchants.id', 'merchants.owner_user_id');
  return member ? { id: num(member.id), owner: num(member.owner_user_id) } : null;
};

/** The merchant a user owns (not one they only work for). */
export const merchantOwnedBy = async (exec: Exec, userId: number): Promise<number | null> => {
  const row = await exec('merchants').where({ owner_user_id: userId }).first('id');
  return row ? num(row.id) : null;
};

export const merchantSummary = async (exec: Exec, merchantId: number): Promise<{ name: string; ownerUserId: number } | null> => {
  const row = await exec('merchants').where({ id: merchantId }).first('name', 'owner_user_id');
  return row ? { name: String(row.name ?? ''), ownerUserId: num(row.owner_user_id) } : null;
};

export const merchantOfStore = async (exec: Exec, storeId: number): Promise<number | null> => {
  const row = await exec('stores').where({ id: storeId }).first('merchant_id');
  return row ? num(row.merchant_id) : null;
};

/** The merchant's store ids, oldest first. */
export const storeIdsOf = async (exec: Exec, merchantId: number): Promise<number[]> =>
  (await exec('stores').where({ merchant_id: merchantId }).orderBy('id').select('id')).map((row) => num(row.id));

/** How many people work in these stores, each counted once. */
export const staffCount = async (exec: Exec, storeIds: number[]): Promise<number> => {
  const row = await exec('store_users').whereIn('store_id', storeIds).countDistinct({ n: 'user_id' }).first();
  return num(row?.n ?? 0);
};

/** {@link storeIdsOf} and {@link staffCount} of them, in one statement. */
export const storesAndStaff = async (exec: Exec, merchantId: number): Promise<{ stores: number[]; staff: number }> => {
  const rows = await rawRows<{ id: unknown; staff: unknown }>(
    exec,
    'select stores.id, (select count(distinct store_users.user_id) from store_users join stores mine on mine.id = store_users.store_id where mine.merchant_id = ?) as staff from stores where stores.merchant_id = ? order by stores.id',
    [merchantId, merchantId],
  );
  return { stores: rows.map((row) => num(row.id)), staff: rows.length === 0 ? 0 : num(rows[0].staff) };
};

/** The e-mail and name a gateway customer is created with. */
export const userContact = async (exec: Exec, userId: number): Promise<{ email: string; name: string }> => {
  const row = await exec('users').where({ id: userId }).first('email', 'name');
  return { email: String(row?.email ?? ''), name: String(row?.name ?? '') };
};

/** Owners' e-mail and language (the one they last used), by user id: who hears about a merchant's billing. */
export const ownerContacts = async (exec: Exec, userIds: readonly number[]): Promise<Map<number, { email: string; locale: string }>> => {
  const contacts = new Map<number, { email: string; locale: string }>();
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await exec('users').whereIn('id', ids.slice(i, i + 500)).select('id', 'email', 'locale')) as { id: number; email: string; locale: string | null }[];
    for (const row of rows) contacts.set(Number(row.id), { email: String(row.email), locale: String(row.locale ?? 'en') });
  }
  return contacts;
};
