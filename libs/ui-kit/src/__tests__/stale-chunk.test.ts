import { describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, reloadOnceForStaleChunk } from '../stale-chunk';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

const staleChunk = new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/billing-abc.js');

describe('reloadOnceForStaleChunk', () => {
  it('recognises the browsers\' missing-chunk errors only', () => {
    expect(isStaleChunkError(staleChunk)).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('render bug'))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then refuses again within ten seconds', () => {
    const reload = vi.fn();
    let now = 1_000_000;
    const env = { storage: memory(), reload, now: () => now };
    expect(reloadOnceForStaleChunk(staleChunk, env)).toBe(true);
    now += 9_999;
    expect(reloadOnceForStaleChunk(staleChunk, env)).toBe(false);
    now += 1;
    expect(reloadOnceForStaleChunk(staleChunk, env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors alone', () => {
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(new Error('render bug'), { storage: memory(), reload, now: () => 0 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
