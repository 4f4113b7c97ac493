import { isCardNumber } from '../index';

describe('isCardNumber', () => {
  it.each([
    ['4242424242424242', true, "Stripe's Visa test card"],
    ['4000000000000002', true, 'the declined test card'],
    ['5555555555554444', true, 'Mastercard'],
    ['378282246310005', true, 'a 15-digit Amex'],
    ['6011000990139424', true, 'Discover'],
    ['4222222222222', true, 'a 13-digit Visa'],
    ['4242424242424241', false, 'a mistyped last digit'],
    ['1234567812345678', false, 'digits failing mod 10'],
    ['', false, 'nothing'],
    ['00000000000', false, 'eleven zeros: passes mod 10 but is too short'],
    ['0000000000000000000000', false, 'twenty-two zeros: passes mod 10 but is too long'],
    ['4242 4242 4242 4242', false, 'spaces: the caller strips them first'],
    ['42424242424242a2', false, 'a letter'],
  ])('%s → %s (%s)', (digits, expected) => {
    expect(isCardNumber(digits)).toBe(expected);
  });

  it('catches every single-digit typo of a valid number', () => {
    const valid = '4242424242424242';
    for (let position = 0; position < valid.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const typo = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
        if (typo !== valid) expect(isCardNumber(typo)).toBe(false);
      }
    }
  });
});
