import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { ApiModule } from '../../modules/api-module';
import type { Db } from '../knex';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts';
import { seedReferenceData } from './reference-data';
import type { DemoAccount } from './seed-context';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

const isEmpty = async (db: Db, table: string): Promise<boolean> => !(await db(table).first());

/**
 * Reference lists whenever they are missing; demo accounts (then each module's seed hook, e.g. billing
 * states) only into a database without users, so a real database is never touched.
 */
export const seedDatabase = async (deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  modules: readonly ApiModule[];
  demo?: boolean;
}): Promise<{ seededDemo: boolean; demo: ReadonlyMap<string, DemoAccount> }> => {
  if (await isEmpty(deps.db, 'countries')) await seedReferenceData(deps.db);
  if (deps.demo === false || !(await isEmpty(deps.db, 'users'))) return { seededDemo: false, demo: new Map() };
  const demo = await seedDemoAccounts(deps);
  for (const module of deps.modules) {
    if (module.seed) await module.seed({ db: deps.db, clock: deps.clock, config: deps.config, demo });
  }
  return { seededDemo: true, demo };
};

export const demoAccountsTable = (): string => {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  const rows = DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(width)}  ${account.note}`);
  return [`Demo accounts (password ${DEMO_PASSWORD} for all):`, ...rows].join('\n');
};
