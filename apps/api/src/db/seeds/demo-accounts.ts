import type { Market, RoleName } from '@merchant-hub/domain';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { insertMerchantWithStore, insertStore, insertUser } from '../../modules/accounts';
import { hashPassword } from '../../security/crypto';
import type { Db } from '../knex';
import { MARKETS } from './reference-data';
import type { DemoAccount } from './seed-context';

export const DEMO_PASSWORD = 'Merchant2026';

type DemoSeed = {
  email: string;
  name: string;
  phone: string | null;
  roles: RoleName[];
  market: Market | null;
  stores: string[];
  skipOtp?: boolean;
  /** What the account shows a tester (billing states are added by the billing module's seed hook). */
  note: string;
};

export const DEMO_ACCOUNTS: DemoSeed[] = [
  { email: 'merchant-my@demo.test', name: 'Aisyah Rahman', phone: '+60123456701', roles: ['main_user'], market: 'MY', stores: ['Kedai Aisyah', 'Aisyah Outlet'], note: 'MY, active monthly plan, two stores' },
  { email: 'merchant-sg@demo.test', name: 'Tan Wei Ling', phone: '+6581234501', roles: ['main_user'], market: 'SG', stores: ['Lion City Goods'], note: 'SG, past_due after a failed renewal' },
  { email: 'merchant-ph@demo.test', name: 'Maria Santos', phone: '+639171234501', roles: ['main_user'], market: 'PH', stores: ['Manila Finds'], note: 'PH, unsubscribed, inside the grace period' },
  { email: 'merchant-th@demo.test', name: 'Somchai Srisuk', phone: '+66812345601', roles: ['main_user'], market: 'TH', stores: ['Bangkok Crafts'], note: 'TH, downgrade scheduled for the period end' },
  { email: 'merchant-tw@demo.test', name: 'Chen Mei Hua', phone: '+886912345601', roles: ['main_user'], market: 'TW', stores: ['Taipei Tea House'], note: 'TW, yearly plan in TWD' },
  { email: 'new-merchant@demo.test', name: 'Farid Hassan', phone: '+60123456702', roles: ['main_user'], market: 'MY', stores: ['Farid Fresh'], note: 'MY, no plan yet (must subscribe)' },
  { email: 'skip-otp@demo.test', name: 'Siti Aminah', phone: '+60123456703', roles: ['main_user'], market: 'MY', stores: ['Siti Snacks'], skipOtp: true, note: 'MY, active plan, signs in without a code' },
  { email: 'support@demo.test', name: 'Sam Support', phone: null, roles: ['support'], market: null, stores: [], note: 'support staff' },
  { email: 'admin@demo.test', name: 'Ada Admin', phone: null, roles: ['superadmin'], market: null, stores: [], note: 'superadmin staff' },
  { email: 'readonly@demo.test', name: 'Rita Readonly', phone: null, roles: ['readonly'], market: null, stores: [], note: 'read-only staff: sees every console page, changes nothing' },
  { email: 'chat@demo.test', name: 'Chad Chat', phone: null, roles: ['chat_store_staff'], market: 'MY', stores: [], note: 'chat_store_staff only: sign-in refused' },
  { email: 'legacy@demo.test', name: 'Lee Legacy', phone: null, roles: ['user'], market: 'MY', stores: [], note: 'legacy user role: sign-in refused' },
];

export const seedDemoAccounts = async (deps: { db: Db; clock: Clock; config: AppConfig }): Promise<Map<string, DemoAccount>> => {
  const { db, clock, config } = deps;
  const now = clock.now();
  // One salt per account, even for the shared demo password: a stored hash never reveals that two users share
  // a password. The hashes run concurrently on libuv's thread pool.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD, config.scryptCost)));
  const countries = new Map((await db('countries').select('id', 'iso_code')).map((row) => [String(row.iso_code), Number(row.id)]));
  const firstState = new Map(
    (await db('states').orderBy('id').select('id', 'country_id')).reverse().map((row) => [Number(row.country_id), Number(row.id)]),
  );
  const demo = new Map<string, DemoAccount>();
  await db.transaction(async (trx) => {
    for (const [index, seed] of DEMO_ACCOUNTS.entries()) {
      const market = seed.market ? MARKETS.find((m) => m.iso === seed.market) : undefined;
      const countryId = seed.market ? (countries.get(seed.market) ?? null) : null;
      const [firstName, ...rest] = seed.name.split(' ');
      const userId = await insertUser(trx, {
        name: seed.name,
        firstName,
        lastName: rest.join(' '),
        email: seed.email,
        passwordHash: hashes[index],
        phone: seed.phone,
        lineId: null,
        locale: market?.locale ?? 'en',
        countryId,
        skipOtp: seed.skipOtp ?? false,
        status: 'active',
        emailVerifiedAt: now,
        roles: seed.roles,
        now,
      });
      let merchantId: number | null = null;
      const storeIds: number[] = [];
      for (const [storeIndex, storeName] of seed.stores.entries()) {
        const store = {
          name: storeName,
          email: `store${storeIndex + 1}.${seed.email}`,
          ownerName: seed.name,
          telephone: seed.phone,
          fax: null,
          address1: `${10 + index} Demo Street`,
          address2: null,
          city: market?.states[0] ?? 'City',
          zip: seed.market === 'SG' ? '018989' : seed.market === 'PH' ? '1000' : '50000',
          countryId,
          stateId: countryId ? (firstState.get(countryId) ?? null) : null,
          industryId: 5,
          shopCategoryId: 1,
          languageLocale: market?.locale ?? 'en',
          image: null,
        };
        const currency = market?.currency ?? 'MYR';
        if (merchantId === null) {
          const created = await insertMerchantWithStore(trx, {
            ownerUserId: userId,
            merchantName: storeName,
            countryId,
            currencyCode: currency,
            store,
            now,
          });
          merchantId = created.merchantId;
          storeIds.push(created.storeId);
        } else {
          const storeId = await insertStore(trx, merchantId, currency, store, now);
          await trx('store_users').insert({ store_id: storeId, user_id: userId });
          storeIds.push(storeId);
        }
      }
      demo.set(seed.email, { email: seed.email, userId, merchantId, storeIds, market: seed.market });
    }
  });
  return demo;
};
