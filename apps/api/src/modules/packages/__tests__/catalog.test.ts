import { createDb } from '../../../db/knex';
import { migrateLatest } from '../../../db/migrations';
import { catalogRows } from '../../../db/seeds/billing-catalog';

describe('billing catalog migration', () => {
  it('creates five markets of monthly and yearly plans with the market tax', async () => {
    const db = createDb({ url: 'sqlite::memory:' });
    try {
      await migrateLatest(db);
      const rows = await db('packages').select();
      expect(rows).toHaveLength(catalogRows(0).length);
      expect(rows).toHaveLength(70);
      const myStarterYearly = rows.find((r) => r.stripe_id === 'price_my_starter_yearly');
      expect(myStarterYearly).toMatchObject({ price: 118800, discount: 20, tax: 8, tax_label: 'SST - Malaysia', currency: 'MYR' });
      const twStarter = rows.find((r) => r.stripe_id === 'price_tw_starter_monthly');
      expect(twStarter).toMatchObject({ price: 129000, tax: 5, tax_label: 'Business tax - Taiwan', currency: 'TWD' });
      expect(rows.filter((r) => r.is_addon)).toHaveLength(10);
      expect(rows.filter((r) => r.hide && !r.is_addon)).toHaveLength(10);
    } finally {
      await db.destroy();
    }
  });

  it('keeps every TWD price a whole number of dollars after the yearly discount', () => {
    for (const row of catalogRows(0).filter((r) => r.currency === 'TWD')) {
      expect(Number(row.price) % 100).toBe(0);
      expect((Number(row.price) * (100 - Number(row.discount))) % 10000).toBe(0);
    }
  });
});
