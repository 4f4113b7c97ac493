import { ADD_ON_QUANTITY_OPTION_COUNT, addOnQuantityOptions, channelLimit, formatStoreCount, isOfferedAddOnQuantity } from '../index';

describe('addOnQuantityOptions', () => {
  it('offers ten values from the locked channel count', () => {
    const options = addOnQuantityOptions(3);
    expect(ADD_ON_QUANTITY_OPTION_COUNT).toBe(10);
    expect(options.map((o) => o.value)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(options[0]).toEqual({ value: 3, labelKey: 'storeCount', labelParams: { count: 3 } });
  });

  it.each([
    ['0', 0],
    ['a negative count', -2],
    ['NaN', Number.NaN],
  ])('starts at 1 for %s', (_name, locked) => {
    expect(addOnQuantityOptions(locked).map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('rounds a fractional count down', () => {
    expect(addOnQuantityOptions(2.7)[0].value).toBe(2);
  });
});

describe('isOfferedAddOnQuantity', () => {
  it.each([
    [0, 1, true],
    [0, 10, true],
    [0, 11, false],
    [0, 0, false],
    [3, 12, true],
    [3, 2, false],
    [3, 13, false],
    [0, 1_000_000_000, false],
    [0, Number.MAX_SAFE_INTEGER, false],
    [0, 1.5, false],
  ])('locked %p, quantity %p → %p', (locked, quantity, offered) => {
    expect(isOfferedAddOnQuantity(locked, quantity)).toBe(offered);
  });
});

describe('formatStoreCount', () => {
  it.each([
    [1, '1 store'],
    [2, '2 stores'],
    [10, '10 stores'],
  ])('labels %i as %s', (count, expected) => {
    expect(formatStoreCount(count)).toBe(expected);
  });
});

describe('channelLimit', () => {
  it("adds a paid add-on's channels to the plan's limit", () => {
    expect(channelLimit(5, { status: 'active', lockChannelCount: 3 })).toBe(8);
    expect(channelLimit(5, { status: 'trialing', lockChannelCount: 2 })).toBe(7);
  });

  it('adds nothing without a paid add-on, and keeps an unlimited or missing limit', () => {
    expect(channelLimit(5, null)).toBe(5);
    expect(channelLimit(5, { status: 'past_due', lockChannelCount: 3 })).toBe(5);
    expect(channelLimit(5, { status: 'incomplete', lockChannelCount: 3 })).toBe(5);
    expect(channelLimit('*', { status: 'active', lockChannelCount: 3 })).toBe('*');
    expect(channelLimit(null, { status: 'active', lockChannelCount: 3 })).toBeNull();
  });
});
