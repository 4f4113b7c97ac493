import { USAGE_ITEM_LABELS, usagePercent, usageRows, usageState } from '../index';

describe('usagePercent', () => {
  it.each([
    ['unlimited', 50, '*', 0],
    ['a missing limit', 50, undefined, 0],
    ['a null limit', 50, null, 0],
    ['a zero limit', 50, 0, 0],
    ['a negative limit', 5, -10, 0],
    ['a missing current value', undefined, 10, 0],
    ['a negative current value', -3, 10, 0],
    ['a share rounded half up', 1, 8, 13],
    ['a share rounded down', 1, 3, 33],
    ['exactly full', 10, 10, 100],
    ['over the limit', 15, 10, 100],
  ] as const)('is right for %s', (_name, current, max, expected) => {
    expect(usagePercent(current, max)).toBe(expected);
  });
});

describe('usageState', () => {
  it.each([
    [0, 'normal'],
    [99, 'normal'],
    [100, 'exception'],
  ] as const)('is %s at %i%%', (percent, expected) => {
    expect(usageState(percent)).toBe(expected);
  });
});

describe('usageRows', () => {
  it('lists the six usage items in the spec order with their labels and bars', () => {
    const rows = usageRows({
      current_order: 50,
      max_order: 200,
      current_item: 1000,
      max_item: '*',
      current_channel: 3,
      max_channel: 3,
      max_staff: 5,
      current_warehouse: 1,
    });
    expect(rows.map((r) => r.label)).toEqual([
      'Orders (monthly)',
      'Inventory SKU',
      'Sales Channel',
      'Staff',
      'Warehouse',
      'Competitor Analysis',
    ]);
    expect(rows.map((r) => [r.item, r.current, r.max, r.percent, r.state])).toEqual([
      ['order', 50, 200, 25, 'normal'],
      ['item', 1000, '*', 0, 'normal'],
      ['channel', 3, 3, 100, 'exception'],
      ['staff', 0, 5, 0, 'normal'],
      ['warehouse', 1, null, 0, 'normal'],
      ['competitor_products', 0, null, 0, 'normal'],
    ]);
    expect(rows[0].labelKey).toBe('order');
  });

  it('keys every label by its usage field', () => {
    expect(Object.keys(USAGE_ITEM_LABELS)).toEqual(['order', 'item', 'channel', 'staff', 'warehouse', 'competitor_products']);
  });
});
