import { ADD_ON_QUANTITY_OPTION_COUNT, addOnQuantityOptions, formatStoreCount } from '../index';

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

describe('formatStoreCount', () => {
  it.each([
    [1, '1 store'],
    [2, '2 stores'],
    [10, '10 stores'],
  ])('labels %i as %s', (count, expected) => {
    expect(formatStoreCount(count)).toBe(expected);
  });
});
