import { describe, expect, it } from 'vitest';
import { resolveInitialLocale } from '../locale';

describe('resolveInitialLocale', () => {
  it('prefers the locale of the link over the stored choice', () => {
    expect(resolveInitialLocale({ search: '?country=TW&locale=zh-TW', stored: 'th' })).toBe('zhtw');
  });

  it('reads the underscore spelling checkout links use', () => {
    expect(resolveInitialLocale({ search: '?locale=th_TH', stored: null })).toBe('th');
  });

  it('uses the stored choice when the link has no locale', () => {
    expect(resolveInitialLocale({ search: '?country=MY', stored: 'ms' })).toBe('ms');
  });

  it('defaults to English', () => {
    expect(resolveInitialLocale({ search: '', stored: null })).toBe('en');
  });
});
