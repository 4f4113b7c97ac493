/** Who a merchant is: owner, stores, users, plan, credit, cards, open invoices; the sign-in ban. */
import { type Exec, containsPattern, num, numOrNull } from './shared';

export type MerchantRef = { id: number; ownerUserId: number; name: string; currency: string };

export const findMerchantByOwner = async (db: Exec, userId: number): Promise<MerchantRef | null> => {
  const row = await db('merchants').where({ owner_user_id: userId }).first('id', 'owner_user_id', 'name', 'currency_code');
  return row ? { id: num(row.id), ownerUserId: num(row.owner_user_id), name: String(row.name), currency: String(row.currency_code) } : null;
};

export const findMerchantById = async (db: Exec, merchantId: number): Promise<MerchantRef | null> => {
  const row = await db('merchants').where({ id: merchantId }).first('id', 'owner_user_id', 'name', 'currency_code');
  return row ? { id: num(row.id), ownerUserId: num(row.owner_user_id), name: String(row.name), currency: String(row.currency_code) } : null;
};

export const findStaffUser = async (db: Exec, userId: number): Promise<{ id: number; email: string; name: string } | null> => {
  const row = await db('users').where({ id: userId }).first('id', 'email', 'name');
  return row ? { id: num(row.id), email: String(row.email), name: String(row.name) } : null;
};
export const ownerOf = async (db: Exec, userId: number) => {
  const row = await db('users').where({ id: userId }).first('id', 'name', 'email', 'phone', 'locale', 'email_verified_at');
  if (!row) return null;
  const ban = await db('one_time_codes').where({ purpose: 'login', subject: String(row.email) }).first('banned_until');
  const bannedUntil = ban?.banned_until ? new Date(ban.banned_until as string | number | Date) : null;
  return {
    id: num(row.id),
    name: String(row.name),
    email: String(row.email),
    phone: row.phone ? String(row.phone) : null,
    locale: String(row.locale),
    bannedUntil,
    /** Set-up not finished: the owner never opened an activation link (the address is unverified). */
    setupPending: row.email_verified_at === null || row.email_verified_at === undefined,
  };
};

/** Whether the owner still has to finish set-up (e-mail never verified), read inside the caller's transaction. */
export const ownerSetupPending = async (db: Exec, userId: number): Promise<boolean> => {
  const row = await db('users').where({ id: userId }).first('email_verified_at');
  return Boolean(row) && (row.email_verified_at === null || row.email_verified_at === undefined);
};

export const storesOf = async (db: Exec, merchantId: number) =>
  (await db('stores as st').leftJoin('countries as c', 'c.id', 'st.country_id').where('st.merchant_id', merchantId).orderBy('st.id').select('st.id', 'st.name', 'st.email', 'c.iso_code')).map((row) => ({
    id: num(row.id),
    name: String(row.name),
    email: String(row.email),
    country: row.iso_code ? String(row.iso_code) : null,
  }));

export const usersOf = async (db: Exec, merchantId: number, ownerUserId: number) => {
  const memberIds = (await db('store_users').join('stores', 'stores.id', 'store_users.store_id').where('stores.merchant_id', merchantId).distinct('store_users.user_id')).map((row) => num(row.user_id));
  const ids = [...new Set([ownerUserId, ...memberIds])];
  const users = await db('users').whereIn('id', ids).orderBy('id').select('id', 'name', 'email');
  const roles = await db('user_roles').join('roles', 'roles.id', 'user_roles.role_id').whereIn('user_roles.user_id', ids).select('user_roles.user_id', 'roles.name');
  return users.map((user) => ({
    id: num(user.id),
    name: String(user.name),
    email: String(user.email),
    roles: roles.filter((role) => num(role.user_id) === num(user.id)).map((role) => String(role.name)),
  }));
};

export const subscriptionOf = async (db: Exec, merchantId: number) => {
  const live = await db('subscriptions as s').join('packages as p', 'p.id', 's.package_id').where('s.merchant_id', merchantId).where('s.name', 'default').whereIn('s.stripe_status', ['active', 'past_due']).orderBy('s.id', 'desc').first('s.*', 'p.name as plan_name', 'p.billing_period');
  if (!live) return null;
  const pending = await db('subscriptions as s').join('packages as p', 'p.id', 's.package_id').where('s.merchant_id', merchantId).where('s.name', 'default').where('s.stripe_status', 'trialing').orderBy('s.id', 'desc').first('s.package_id', 's.trial_ends_at', 'p.name as plan_name', 'p.billing_period');
  return {
    package_id: num(live.package_id),
    plan_name: String(live.plan_name),
    period: String(live.billing_period) as 'monthly' | 'yearly',
    status: String(live.stripe_status),
    ends_at: numOrNull(live.ends_at),
    // A plan that began as a scheduled change keeps that change's `trial_ends_at` (its first period start): it
    // was never a trial. Only a trial still running past its period start is one (issue 27 §6).
    trial_ends_at: numOrNull(live.trial_ends_at) !== null && num(live.trial_ends_at) > (numOrNull(live.current_period_start) ?? 0) ? num(live.trial_ends_at) : null,
    current_period_end: numOrNull(live.current_period_end),
    scheduled_change: pending
      ? { package_id: num(pending.package_id), plan_name: String(pending.plan_name), period: String(pending.billing_period) as 'monthly' | 'yearly', at: numOrNull(pending.trial_ends_at) }
      : null,
  };
};

export const creditBalanceOf = async (db: Exec, merchantId: number): Promise<{ balance: number; currency: string } | null> => {
  const row = await db('billing_accounts').where({ merchant_id: merchantId }).first('balance', 'currency');
  return row ? { balance: num(row.balance), currency: String(row.currency) } : null;
};

export const cardsOf = async (db: Exec, merchantId: number) => {
  const account = await db('billing_accounts').where({ merchant_id: merchantId }).first('default_payment_method');
  return (await db('payment_methods').where({ merchant_id: merchantId }).whereNull('detached_at').orderBy('created_at').select('id', 'brand', 'last4', 'exp_month', 'exp_year')).map((row) => ({
    id: String(row.id),
    brand: String(row.brand),
    last4: String(row.last4),
    exp_month: num(row.exp_month),
    exp_year: num(row.exp_year),
    is_default: account?.default_payment_method === row.id,
  }));
};

export const openInvoicesOf = async (db: Exec, merchantId: number) =>
  (await db('invoices').where({ merchant_id: merchantId, status: 'open' }).orderBy('seq', 'desc').select('id', 'number', 'amount_due', 'amount_paid', 'currency', 'status')).map((row) => ({
    id: String(row.id),
    number: String(row.number),
    amount_due_minor: num(row.amount_due) - num(row.amount_paid),
    currency: String(row.currency),
    status: String(row.status),
  }));

export type InvoiceRef = { id: string; number: string; merchantId: number; status: string; amountDue: number; currency: string; appliedBalance: number };

export const findInvoiceRef = async (db: Exec, invoiceId: string): Promise<InvoiceRef | null> => {
  const row = await db('invoices').where({ id: invoiceId }).first('id', 'number', 'merchant_id', 'status', 'amount_due', 'currency', 'applied_balance');
  return row
    ? { id: String(row.id), number: String(row.number), merchantId: num(row.merchant_id), status: String(row.status), amountDue: num(row.amount_due), currency: String(row.currency), appliedBalance: num(row.applied_balance) }
    : null;
};

export const setInvoiceStatus = async (db: Exec, invoiceId: string, status: 'void' | 'uncollectible', now: number): Promise<void> => {
  await db('invoices').where({ id: invoiceId }).update(status === 'void' ? { status, voided_at: now } : { status });
};

export const liftLoginBan = async (db: Exec, email: string, now: Date): Promise<boolean> => {
  const changed = await db('one_time_codes').where({ purpose: 'login', subject: email }).whereNotNull('banned_until').update({ banned_until: null, attempts_left: 5, updated_at: now });
  return changed > 0;
};
/** A billing account's balance and currency, read inside the caller's transaction. */
export const billingAccountState = async (db: Exec, merchantId: number): Promise<{ merchantId: number; balance: number; currency: string; email: string | null } | null> => {
  const row = await db('billing_accounts').where({ merchant_id: merchantId }).first('balance', 'currency', 'email');
  return row ? { merchantId, balance: num(row.balance), currency: String(row.currency), email: row.email ? String(row.email) : null } : null;
};

/** The legacy store chooser (GET /api/merchants): stores with their owner, searched by name or e-mail. */
export const searchStores = async (db: Exec, search: string | undefined) => {
  const query = db('stores')
    .join('merchants', 'merchants.id', 'stores.merchant_id')
    .join('users', 'users.id', 'merchants.owner_user_id')
    .select('stores.id', 'stores.name', 'stores.email', 'merchants.owner_user_id', 'merchants.name as merchant_name', 'users.email as owner_email')
    .orderBy('stores.id')
    .limit(200);
  if (search) {
    const like = containsPattern(search);
    query.where((q) =>
      q.whereRaw(`lower(stores.name) like ? escape '\\'`, [like]).orWhereRaw(`lower(stores.email) like ? escape '\\'`, [like]).orWhereRaw(`lower(users.email) like ? escape '\\'`, [like]).orWhereRaw(`lower(merchants.name) like ? escape '\\'`, [like]),
    );
  }
  return (await query).map((row) => ({
    id: num(row.id),
    inventory_stores: { name: String(row.name), email: String(row.email) },
    users: { auth_server_user_id: num(row.owner_user_id) },
    merchant_name: String(row.merchant_name),
    owner_email: String(row.owner_email),
  }));
};
