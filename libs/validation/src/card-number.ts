/**
 * True for a card number the networks could have issued: 12 to 19 digits (ISO/IEC 7812-1), nothing else,
 * passing the Luhn mod-10 check. Used by the card field to refuse a mistyped number before it is sent and by
 * the sandbox gateway to decline one exactly as a real gateway would.
 */
export const isCardNumber = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    // Every second digit from the right is doubled; a two-digit product counts as the sum of its digits.
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};
