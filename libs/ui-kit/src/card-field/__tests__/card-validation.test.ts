import { describe, expect, it } from 'vitest';
import { checkCardEntry, firstCardError, formatCardNumber, formatExpiry } from '../card-validation';

const NOW = new Date(2026, 4, 15); // 15 May 2026

describe('formatting', () => {
  it('groups a Visa number in fours, drops letters and stops at 16 digits', () => {
    expect(formatCardNumber('4242a42424242424299999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('424242')).toBe('4242 42');
  });
  it('groups an Amex number 4-6-5', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
  it('writes the expiry as MM / YY and pads a single-digit month', () => {
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
  });
});

describe('checkCardEntry', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

  it('is complete with a valid number, a future expiry and a 3-digit CVC', () => {
    expect(checkCardEntry(good, {}, NOW)).toEqual({ complete: true, errors: {} });
  });

  it('accepts the current month as not expired', () => {
    expect(checkCardEntry({ ...good, expiry: '05 / 26' }, {}, NOW).complete).toBe(true);
  });

  it('says nothing about an untouched empty form but is not complete', () => {
    expect(checkCardEntry({ number: '', expiry: '', cvc: '' }, {}, NOW)).toEqual({ complete: false, errors: {} });
  });

  it('reports an incomplete number once the field was left', () => {
    const check = checkCardEntry({ ...good, number: '4242 4242' }, { number: true }, NOW);
    expect(check.errors.number).toBe('numberIncomplete');
    expect(check.complete).toBe(false);
  });

  it('reports a full-length number failing the Luhn check while typing', () => {
    const check = checkCardEntry({ ...good, number: '4242 4242 4242 4241' }, {}, NOW);
    expect(check.errors.number).toBe('numberInvalid');
  });

  it('reports an expiry in the past and an impossible month', () => {
    expect(checkCardEntry({ ...good, expiry: '04 / 26' }, {}, NOW).errors.expiry).toBe('expiryPast');
    expect(checkCardEntry({ ...good, expiry: '13 / 30' }, {}, NOW).errors.expiry).toBe('expiryInvalid');
  });

  it('wants four CVC digits for Amex', () => {
    const amex = { number: '3782 822463 10005', expiry: '12 / 30', cvc: '123' };
    expect(checkCardEntry(amex, { cvc: true }, NOW).errors.cvc).toBe('cvcIncomplete');
    expect(checkCardEntry({ ...amex, cvc: '1234' }, {}, NOW).complete).toBe(true);
  });

  it('shows the first error in field order', () => {
    const check = checkCardEntry({ number: '4242', expiry: '01 / 20', cvc: '' }, { number: true, expiry: true, cvc: true }, NOW);
    expect(check.errors).toEqual({ number: 'numberIncomplete', expiry: 'expiryPast', cvc: 'cvcIncomplete' });
    expect(firstCardError(check)).toBe('numberIncomplete');
    expect(firstCardError(checkCardEntry({ ...good, expiry: '01 / 20' }, {}, NOW))).toBe('expiryPast');
  });
});
