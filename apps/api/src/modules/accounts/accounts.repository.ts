import type { RoleName, User } from '@merchant-hub/domain';
import type { Knex } from 'knex';
import { asDateOrNull, insertId, type Db } from '../../db/knex';
import { mailLocaleOf } from '../notifications';

type Executor = Db | Knex.Transaction;

export type UserRecord = {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  phone: string | null;
  image: string | null;
  imageUrl: string | null;
  lineId: string | null;
  locale: string;
  countryId: number | null;
  skipOtp: boolean;
  status: 'active' | 'pending' | 'deactivated';
  emailVerifiedAt: Date | null;
};

const toUserRecord = (row: Record<string, unknown>): UserRecord => ({
  id: Number(row.id),
  name: String(row.name),
  firstName: String(row.first_name ?? ''),
  lastName: String(row.last_name ?? ''),
  email: String(row.email),
  passwordHash: String(row.password_hash),
  phone: (row.phone as string | null) ?? null,
  image: (row.image as string | null) ?? null,
  imageUrl: (row.image_url as string | null) ?? null,
  lineId: (row.line_id as string | null) ?? null,
  locale: String(row.locale ?? 'en'),
  countryId: row.country_id === null || row.country_id === undefined ? null : Number(row.country_id),
  skipOtp: Boolean(row.skip_otp),
  status: row.status === 'pending' ? 'pending' : row.status === 'deactivated' ? 'deactivated' : 'active',
  emailVerifiedAt: asDateOrNull(row.email_verified_at),
});

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRecord | undefined> => {
  const row = await db('users').where({ email: email.trim().toLowerCase() }).first();
  return row ? toUserRecord(row) : undefined;
};

export const findUserById = async (db: Executor, id: number): Promise<UserRecord | undefined> => {
  const row = await db('users').where({ id }).first();
  return row ? toUserRecord(row) : undefined;
};

export const findUserByPhone = async (db: Executor, phone: string): Promise<UserRecord | undefined> => {
  const row = await db('users').where({ phone }).first();
  return row ? toUserRecord(row) : undefined;
};

export const roleNamesOf = async (db: Executor, userId: number): Promise<RoleName[]> => {
  const rows = await db('user_roles').join('roles', 'roles.id', 'user_roles.role_id').where('user_roles.user_id', userId).orderBy('roles.name').select('roles.name');
  return rows.map((row) => row.name as RoleName);
};

/** The store a merchant works in first (owner's stores, then stores they were added to). */
export const primaryStoreIdOf = async (db: Executor, userId: number): Promise<number | null> => {
  const row = await db('store_users').where({ user_id: userId }).orderBy('store_id').first('store_id');
  return row ? Number(row.store_id) : null;
};

export type NewUser = {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  phone: string | null;
  lineId: string | null;
  locale: string;
  countryId: number | null;
  skipOtp?: boolean;
  status: 'active' | 'pending';
  emailVerifiedAt: Date | null;
  image?: string | null;
  imageUrl?: string | null;
  roles: RoleName[];
  now: Date;
};

export const insertUser = async (db: Executor, user: NewUser): Promise<number> => {
  const id = await insertId(db, 'users', {
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email.trim().toLowerCase(),
    password_hash: user.passwordHash,
    phone: user.phone,
    image: user.image ?? null,
    image_url: user.imageUrl ?? null,
    line_id: user.lineId,
    locale: user.locale,
    country_id: user.countryId,
    skip_otp: user.skipOtp ?? false,
    status: user.status,
    email_verified_at: user.emailVerifiedAt,
    created_at: user.now,
    updated_at: user.now,
  });
  for (const role of user.roles) {
    let roleRow = await db('roles').where({ name: role }).first('id');
    if (!roleRow) roleRow = { id: await insertId(db, 'roles', { name: role }) };
    await db('user_roles').insert({ user_id: id, role_id: roleRow.id });
  }
  return id;
};

export type UserChanges = Partial<{
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  image_url: string | null;
  password_hash: string;
  status: 'active' | 'pending';
  email_verified_at: Date | null;
}>;

/**
 * Remembers the language the user last used (a sign-in or sign-up request's `locale`, the profile's language
 * setting): every e-mail to them is written in it. Nothing is changed when the request named no language.
 * Returns the language now stored.
 */
export const rememberLocale = async (db: Executor, user: Pick<UserRecord, 'id' | 'locale'>, requested: string | null | undefined): Promise<string> => {
  if (!requested) return user.locale;
  const locale = mailLocaleOf(requested);
  if (locale !== user.locale) await db('users').where({ id: user.id }).update({ locale });
  return locale;
};

export const updateUser = async (db: Executor, id: number, changes: UserChanges, now: Date): Promise<void> => {
  await db('users').where({ id }).update({ ...changes, updated_at: now });
};

export type NewMerchantWithStore = {
  ownerUserId: number;
  merchantName: string;
  countryId: number | null;
  currencyCode: string;
  merchantImage?: string | null;
  store: {
    name: string;
    email: string;
    ownerName: string | null;
    telephone: string | null;
    fax: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    zip: string | null;
    countryId: number | null;
    stateId: number | null;
    industryId: number | null;
    shopCategoryId: number | null;
    languageLocale: string;
    image: string | null;
  };
  now: Date;
};

export const insertMerchantWithStore = async (db: Executor, input: NewMerchantWithStore): Promise<{ merchantId: number; storeId: number }> => {
  const merchantId = await insertId(db, 'merchants', {
    owner_user_id: input.ownerUserId,
    name: input.merchantName,
    country_id: input.countryId,
    currency_code: input.currencyCode,
    image: input.merchantImage ?? null,
    created_at: input.now,
    updated_at: input.now,
  });
  const storeId = await insertStore(db, merchantId, input.currencyCode, input.store, input.now);
  await db('store_users').insert({ store_id: storeId, user_id: input.ownerUserId });
  return { merchantId, storeId };
};

export const insertStore = async (
  db: Executor,
  merchantId: number,
  currencyCode: string,
  store: NewMerchantWithStore['store'],
  now: Date,
): Promise<number> =>
  insertId(db, 'stores', {
    merchant_id: merchantId,
    name: store.name,
    email: store.email.trim().toLowerCase(),
    owner_name: store.ownerName,
    telephone: store.telephone,
    fax: store.fax,
    address1: store.address1,
    address2: store.address2,
    city: store.city,
    zip: store.zip,
    country_id: store.countryId,
    state_id: store.stateId,
    industry_id: store.industryId,
    shop_category_id: store.shopCategoryId,
    currency_code: currencyCode,
    language_locale: store.languageLocale,
    image: store.image,
    created_at: now,
    updated_at: now,
  });

export const storeNameTaken = async (db: Executor, name: string): Promise<boolean> =>
  Boolean(await db('stores').whereRaw('lower(name) = ?', [name.trim().toLowerCase()]).first('id'));

export const storeEmailTaken = async (db: Executor, email: string): Promise<boolean> =>
  Boolean(await db('stores').where({ email: email.trim().toLowerCase() }).first('id'));

/** Names of the user's stores that ran out of store credit (spec §8 out_of_credit `{extra_info}`). */
export const outOfCreditStoreNames = async (db: Executor, userId: number): Promise<string[]> => {
  const rows = await db('stores')
    .join('store_users', 'store_users.store_id', 'stores.id')
    .where('store_users.user_id', userId)
    .andWhere('stores.out_of_credit', true)
    .orderBy('stores.id')
    .select('stores.name');
  return rows.map((row) => String(row.name));
};

/** The wire shape of spec §3 "User/login". */
export const toUserDto = async (db: Executor, user: UserRecord): Promise<User> => {
  const roles = await roleNamesOf(db, user.id);
  return {
    id: user.id,
    user_id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    image_url: user.imageUrl,
    phone: user.phone,
    roles: roles.map((name) => ({ name })),
    skip_otp: user.skipOtp,
    inventory_users: { inventory_store_users: { store_id: await primaryStoreIdOf(db, user.id) } },
  };
};
