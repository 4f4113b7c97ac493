import { nulPathIn } from '../storable-text';

describe('nulPathIn', () => {
  it.each([
    ['a plain string', 'a\u0000b', ''],
    ['a field', { name: 'Kedai', email: 'a\u0000@b.test' }, 'email'],
    ['an array item', { stores: [{ name: 'ok' }, { name: 'x\u0000' }] }, 'stores.1.name'],
    ['an object key', { ['bad\u0000key']: 1 }, 'bad\\0key'],
  ])('names the first NUL in %s', (_case, value, path) => {
    expect(nulPathIn(value)).toBe(path);
  });

  it('finds nothing in text without NUL, numbers, dates and buffers', () => {
    expect(nulPathIn({ q: 'abc', n: 1, at: new Date(0), file: Buffer.from([0, 0]), list: ['x', null] })).toBeNull();
  });

  it('walks a body nested 5,000 deep without running out of stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(5000)}"x\\u0000"${'}'.repeat(5000)}`) as unknown;
    expect(nulPathIn(deep)?.split('.')).toHaveLength(5000);
  });
});
