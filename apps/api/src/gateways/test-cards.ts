import type { CardBrand } from '@merchant-hub/domain';

/** What a sandbox card does, after Stripe's public test numbers (docs.stripe.com/testing). */
export type CardBehavior =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  | 'lost_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'always_3ds'
  | 'setup_3ds'
  | 'attach_then_fail';

export const TEST_CARDS: Readonly<Record<string, CardBehavior>> = {
  '4242424242424242': 'succeed',
  '4000056655665556': 'succeed',
  '5555555555554444': 'succeed',
  '2223003122003222': 'succeed',
  '5200828282828210': 'succeed',
  '378282246310005': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000002760003184': 'always_3ds',
  '4000002500003155': 'setup_3ds',
  '4000000000000341': 'attach_then_fail',
};

/** Stripe's own wording for each refusal, which the billing page shows as the provider message. */
export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is invalid.",
  authentication_required: 'Your card was declined. This transaction requires authentication.',
} as const;

export const brandOf = (digits: string): CardBrand => {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
};

/** Cards whose setup is refused, with the refusal. */
export const attachRefusal = (behavior: CardBehavior): keyof typeof DECLINE_MESSAGES | null => {
  switch (behavior) {
    case 'decline':
    case 'lost_card':
      return 'card_declined';
    case 'insufficient_funds':
      return 'insufficient_funds';
    case 'expired_card':
      return 'expired_card';
    case 'incorrect_cvc':
      return 'incorrect_cvc';
    case 'succeed':
    case 'always_3ds':
    case 'setup_3ds':
    case 'attach_then_fail':
      return null;
  }
};

/** Charges refused for a card that is attached (or used directly). */
export const chargeRefusal = (behavior: CardBehavior): keyof typeof DECLINE_MESSAGES | null => {
  switch (behavior) {
    case 'always_3ds':
      return 'authentication_required';
    case 'attach_then_fail':
      return 'card_declined';
    case 'setup_3ds':
    case 'succeed':
      return null;
    default:
      return attachRefusal(behavior);
  }
};
