import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, hasLocaleMarker, isSafeInternalPath } from '../app/gating';
import { createSessionStore, msUntilExpiry, rolesMayUseBackOffice } from '../app/session-store';
import { openSetupSteps } from '../home/setup-steps';

const origin = 'https://hub.example.com';

describe('referer rule after sign-in', () => {
  it.each([
    [{ from: '/profile/personal', referrer: 'https://elsewhere.test/x' }, { kind: 'internal', path: '/profile/personal' }],
    [{ from: null, referrer: '' }, { kind: 'internal', path: '/' }],
    [{ from: null, referrer: 'https://hub.example.com/pricing' }, { kind: 'internal', path: '/' }],
    [{ from: null, referrer: 'https://payment-stage.ecpay.com.tw/Cashier' }, { kind: 'internal', path: '/' }],
    [{ from: null, referrer: 'https://checkout.stripe.com/pay' }, { kind: 'internal', path: '/' }],
    [{ from: null, referrer: 'https://partner.test/apps' }, { kind: 'external', url: 'https://partner.test/apps' }],
    [{ from: '//evil.test', referrer: 'javascript:alert(1)' }, { kind: 'internal', path: '/' }],
    // The invoice a signed-out reader opened (issue 31 #2): a page of the API, loaded in full after sign-in.
    [{ from: '/api/invoices/in_7.pdf', referrer: '' }, { kind: 'page', path: '/api/invoices/in_7.pdf' }],
    [{ from: '/api/dev/mailbox?to=x', referrer: '' }, { kind: 'internal', path: '/' }],
  ])('%o → %o', (input, expected) => {
    expect(destinationAfterSignIn({ ...input, origin })).toEqual(expected);
  });

  it('never sends back to the session pages themselves', () => {
    expect(isSafeInternalPath('/signin')).toBe(false);
    expect(isSafeInternalPath('/logout')).toBe(false);
    expect(isSafeInternalPath('/home/dashboard')).toBe(true);
  });
});

describe('locale markers', () => {
  it.each([
    ['?locale=en', true],
    ['?locale=zhtw', true],
    ['?locale=th', false],
    ['?locale=xx', false],
    ['', false],
  ])('%s → %s', (search, expected) => expect(hasLocaleMarker(search)).toBe(expected));
});

describe('stored session', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
  };
  const session = { userId: 1, email: 'a@b.test', expiresAt: '2026-01-01T01:00:00Z', roleNames: ['main_user' as const], roleNamesExpireAt: '2026-01-01T02:00:00Z' };

  it('is active until it expires, then forgotten', () => {
    let now = Date.parse('2026-01-01T00:59:59Z');
    const store = createSessionStore(memory(), () => now);
    store.save(session);
    expect(store.active()).toEqual(session);
    now = Date.parse('2026-01-01T01:00:00Z');
    expect(store.active()).toBeNull();
    expect(store.read()).toBeNull();
  });

  it('times the logout to the expiry', () => {
    expect(msUntilExpiry(session, Date.parse('2026-01-01T00:30:00Z'))).toBe(30 * 60 * 1000);
    expect(msUntilExpiry(session, Date.parse('2026-01-02T00:00:00Z'))).toBe(0);
  });

  it('refuses no roles, chat staff alone and the legacy user role', () => {
    expect(rolesMayUseBackOffice([])).toBe(false);
    expect(rolesMayUseBackOffice(['chat_store_staff'])).toBe(false);
    expect(rolesMayUseBackOffice(['main_user', 'user'])).toBe(false);
    expect(rolesMayUseBackOffice(['chat_store_staff', 'support'])).toBe(true);
  });
});

describe('open setup steps', () => {
  it('asks only for a plan when the API says the merchant must subscribe', () => {
    expect(openSetupSteps(null)).toEqual(['plan']);
  });

  it('lists missing billing details and payment method', () => {
    const billing = { billing: null, selectedPackage: [], all: [], userData: { payment_type: 'card', default_payment_methods: null, inventory_users: { inventory_store_users: { store_id: 1 } } }, paymentMethod: { data: [] }, currentBillingPeriod: null, addOnIsPastDue: false, creditBalance: 0, currency: 'MYR' } as const;
    expect(openSetupSteps(billing as never)).toEqual(['plan', 'billingDetails', 'paymentMethod']);
  });
});
