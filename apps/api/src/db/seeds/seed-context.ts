import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Db } from '../knex';

export type DemoAccount = { email: string; userId: number; merchantId: number | null; storeIds: number[]; market: string | null };

/** What module seed hooks get: the demo accounts by e-mail, so billing can give each its billing state. */
export type SeedContext = { db: Db; clock: Clock; config: AppConfig; demo: ReadonlyMap<string, DemoAccount> };
