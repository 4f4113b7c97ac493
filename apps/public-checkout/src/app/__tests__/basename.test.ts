import { describe, expect, it } from 'vitest';
import { resolveBasename } from '../basename';

describe('resolveBasename', () => {
  it('routes from the site root on the spec paths the API serves', () => {
    expect(resolveBasename('/subscribe/12/fpx', '/checkout/')).toBe('/');
    expect(resolveBasename('/subscribe-payment-result/abc', '/checkout/')).toBe('/');
  });

  it('routes below /checkout when the page was opened there (Vite dev server)', () => {
    expect(resolveBasename('/checkout/subscribe/12', '/checkout/')).toBe('/checkout');
    expect(resolveBasename('/checkout', '/checkout/')).toBe('/checkout');
  });

  it('does not mistake a look-alike prefix for the base', () => {
    expect(resolveBasename('/checkouts/1', '/checkout/')).toBe('/');
  });

  it('is the root when the app is built for the root', () => {
    expect(resolveBasename('/subscribe/1', '/')).toBe('/');
  });
});
