import {
  addCardSchema,
  addCouponSchema,
  addOnAmountQuerySchema,
  addOnPackageQuerySchema,
  addOnSubscribeSchema,
  billingHistoryQuerySchema,
  billingInfoSchema,
  billingInfoUpdateSchema,
  cancelTrialingPackageSchema,
  couponSchema,
  createIntentSchema,
  creditBalanceQuerySchema,
  deleteCardSchema,
  downgradeOrUpgradeSchema,
  lateSubscribeFormSchema,
  lateSubscribeFpxIntentSchema,
  confirmPaymentSchema,
  lateSubscribeFpxSchema,
  lateSubscribeSchema,
  resumeSchema,
  retryPaymentSchema,
  setPrimaryCardSchema,
  unsubscribeSchema,
} from '../index';
import { checkRules, errorsOf } from './helpers';

const ID = 'validation:common.idInvalid';

describe('billingInfoSchema', () => {
  checkRules(
    billingInfoSchema,
    {
      name: 'Ali Bakar',
      email: 'ali@shop.my',
      address1: '1 Jalan Ampang',
      city: 'Kuala Lumpur',
      postal_code: '50450',
      country: 'Malaysia',
      state_or_region: 'Kuala Lumpur',
    },
    [
      { rule: 'rejects a blank name', patch: { name: '  ' }, path: 'name', key: 'validation:billing.nameRequired' },
      { rule: 'rejects a blank e-mail', patch: { email: '' }, path: 'email', key: 'validation:billing.emailRequired' },
      { rule: 'rejects a malformed e-mail', patch: { email: 'ali@shop' }, path: 'email', key: 'validation:billing.emailInvalid' },
      { rule: 'rejects a blank address', patch: { address1: '' }, path: 'address1', key: 'validation:billing.addressRequired' },
      { rule: 'address 2 is optional', patch: { address2: 'Level 2' } },
      { rule: 'address 2 may be null', patch: { address2: null } },
      { rule: 'rejects a blank city', patch: { city: ' ' }, path: 'city', key: 'validation:billing.cityRequired' },
      { rule: 'accepts a 5-character postal code with spaces around', patch: { postal_code: ' 10050 ' } },
      { rule: 'rejects a 4-character postal code', patch: { postal_code: '1005' }, path: 'postal_code', key: 'validation:billing.postalCodeInvalid' },
      { rule: 'rejects a 6-character postal code', patch: { postal_code: '100500' }, path: 'postal_code', key: 'validation:billing.postalCodeInvalid' },
      { rule: 'rejects a missing country', patch: { country: '' }, path: 'country', key: 'validation:billing.countryRequired' },
      { rule: 'rejects a missing state', patch: { state_or_region: null }, path: 'state_or_region', key: 'validation:billing.stateRequired' },
      { rule: 'rejects a name over 255 characters', patch: { name: 'n'.repeat(256) }, path: 'name', key: 'validation:common.textTooLong' },
      { rule: 'accepts a name of exactly 255 characters', patch: { name: 'n'.repeat(255) } },
    ],
  );

  it('lets staff name the merchant in the update body', () => {
    const parsed = billingInfoUpdateSchema.parse({
      name: 'A', email: 'a@b.co', address1: 'x', city: 'y', postal_code: '12345', country: 'Malaysia', state_or_region: 'Johor', user_id: '42',
    });
    expect(parsed.user_id).toBe(42);
  });
});

describe('couponSchema', () => {
  checkRules(couponSchema, { coupon: 'WELCOME20' }, [
    { rule: 'rejects a blank coupon', patch: { coupon: '   ' }, path: 'coupon', key: 'validation:coupon.required' },
    { rule: 'rejects a missing coupon', patch: { coupon: undefined }, path: 'coupon', key: 'validation:coupon.required' },
  ]);

  it('trims the code', () => {
    expect(couponSchema.parse({ coupon: ' SAVE10 ' })).toEqual({ coupon: 'SAVE10' });
  });
});

describe('downgradeOrUpgradeSchema', () => {
  checkRules(downgradeOrUpgradeSchema, { package_id: 3, type: 'upgrade', store_id: 7, user_id: 9 }, [
    { rule: 'accepts downgrade', patch: { type: 'downgrade' } },
    { rule: 'rejects another type', patch: { type: 'switch' }, path: 'type', key: 'validation:billing.changeTypeInvalid' },
    { rule: 'coerces a numeric string id', patch: { package_id: '3' } },
    { rule: 'rejects a zero package id', patch: { package_id: 0 }, path: 'package_id', key: ID },
    { rule: 'rejects a non-numeric package id', patch: { package_id: 'abc' }, path: 'package_id', key: ID },
    { rule: 'rejects a missing package id', patch: { package_id: undefined }, path: 'package_id', key: ID },
    { rule: 'user and store are optional', patch: { store_id: undefined, user_id: undefined } },
    { rule: 'an empty user id means none', patch: { user_id: '' } },
    { rule: 'rejects a negative store id', patch: { store_id: -7 }, path: 'store_id', key: ID },
    { rule: 'rejects a fractional user id', patch: { user_id: '9.5' }, path: 'user_id', key: ID },
  ]);

  it('outputs numbers for string ids', () => {
    expect(downgradeOrUpgradeSchema.parse({ package_id: '3', type: 'downgrade', store_id: '7', user_id: '9' })).toEqual({
      package_id: 3, type: 'downgrade', store_id: 7, user_id: 9,
    });
  });
});

describe('simple billing bodies', () => {
  checkRules(cancelTrialingPackageSchema, { price_id: 'price_123', store_id: '1', user_id: '2' }, [
    { rule: 'rejects a blank price id', patch: { price_id: ' ' }, path: 'price_id', key: 'validation:billing.priceIdRequired' },
  ]);
  checkRules(unsubscribeSchema, { user_id: 5 }, [
    { rule: 'unsubscribe: user id optional', patch: { user_id: undefined } },
    { rule: 'unsubscribe: rejects a bad user id', patch: { user_id: 'me' }, path: 'user_id', key: ID },
  ]);
  checkRules(resumeSchema, { user_id: '5' }, [
    { rule: 'resume: rejects a zero user id', patch: { user_id: 0 }, path: 'user_id', key: ID },
  ]);
  checkRules(retryPaymentSchema, { type: 'default' }, [
    { rule: 'retry: accepts multistore', patch: { type: 'multistore' } },
    { rule: 'retry: rejects another type', patch: { type: 'addon' }, path: 'type', key: 'validation:billing.subscriptionTypeInvalid' },
    { rule: 'retry: rejects a missing type', patch: { type: undefined }, path: 'type', key: 'validation:billing.subscriptionTypeInvalid' },
  ]);
  checkRules(addCouponSchema, { coupon: 'SAVE10', store_id: 1 }, [
    { rule: 'add-coupon: rejects a blank coupon', patch: { coupon: '' }, path: 'coupon', key: 'validation:coupon.required' },
  ]);
  checkRules(setPrimaryCardSchema, { id: 'pm_1' }, [
    { rule: 'primary card: rejects a missing id', patch: { id: undefined }, path: 'id', key: 'validation:billing.paymentMethodRequired' },
  ]);
  checkRules(deleteCardSchema, { payment_method: 'pm_1', user_id: 3 }, [
    { rule: 'delete card: rejects a blank payment method', patch: { payment_method: '' }, path: 'payment_method', key: 'validation:billing.paymentMethodRequired' },
  ]);
  checkRules(createIntentSchema, {}, [
    { rule: 'create intent: accepts a user id', patch: { user_id: '12' } },
    { rule: 'create intent: rejects a bad user id', patch: { user_id: 'x' }, path: 'user_id', key: ID },
  ]);
  checkRules(addCardSchema, { payment_method: 'pm_2' }, [
    { rule: 'add card: rejects a missing payment method', patch: { payment_method: undefined }, path: 'payment_method', key: 'validation:billing.paymentMethodRequired' },
  ]);
});

describe('billingHistoryQuerySchema', () => {
  checkRules(billingHistoryQuerySchema, { user_id: 1, date_start: 1_700_000_000, date_end: 1_700_086_399 }, [
    { rule: 'accepts a one-day range (start equals end)', patch: { date_end: 1_700_000_000 } },
    { rule: 'coerces string seconds', patch: { date_start: '1700000000', date_end: '1700086399' } },
    { rule: 'accepts start_after alone', patch: { date_start: undefined, date_end: undefined, start_after: 'in_123' } },
    { rule: 'accepts start_after within a range', patch: { start_after: 'in_123' } },
    { rule: 'rejects a start after the end', patch: { date_start: 1_700_086_400 }, path: 'date_end', key: 'validation:billingHistory.dateRangeOrder' },
    { rule: 'rejects a start without an end', patch: { date_end: undefined }, path: 'date_end', key: 'validation:billingHistory.dateRangeIncomplete' },
    { rule: 'rejects an end without a start', patch: { date_start: undefined }, path: 'date_start', key: 'validation:billingHistory.dateRangeIncomplete' },
    { rule: 'rejects neither range nor cursor', patch: { date_start: undefined, date_end: undefined }, path: '_form', key: 'validation:billingHistory.rangeOrCursorRequired' },
    { rule: 'rejects fractional seconds', patch: { date_start: 1.5 }, path: 'date_start', key: 'validation:billingHistory.dateInvalid' },
    { rule: 'rejects negative seconds', patch: { date_start: -1 }, path: 'date_start', key: 'validation:billingHistory.dateInvalid' },
  ]);

  it('outputs numbers', () => {
    expect(billingHistoryQuerySchema.parse({ date_start: '10', date_end: '20' })).toEqual({ date_start: 10, date_end: 20 });
  });
});

describe('creditBalanceQuerySchema', () => {
  checkRules(creditBalanceQuerySchema, { user_id: '4' }, [
    { rule: 'accepts ending_before', patch: { ending_before: 'txn_1' } },
    { rule: 'accepts starting_after', patch: { starting_after: 'txn_9' } },
    { rule: 'rejects both cursors', patch: { ending_before: 'txn_1', starting_after: 'txn_9' }, path: 'starting_after', key: 'validation:creditBalance.cursorConflict' },
  ]);
});

describe('late subscribe', () => {
  checkRules(lateSubscribeSchema, { paymentMethod: 'pm_1', package_id: 2 }, [
    { rule: 'rejects a missing payment method', patch: { paymentMethod: '' }, path: 'paymentMethod', key: 'validation:billing.paymentMethodRequired' },
    { rule: 'rejects a missing package', patch: { package_id: undefined }, path: 'package_id', key: ID },
  ]);
  checkRules(lateSubscribeFpxIntentSchema, { package_id: '2' }, [
    { rule: 'fpx intent: rejects a bad package', patch: { package_id: 'x' }, path: 'package_id', key: ID },
    { rule: 'fpx intent: accepts a Stripe bank code', patch: { bank: 'maybank2u' } },
    { rule: 'fpx intent: accepts a business bank code', patch: { bank: 'pb_enterprise' } },
    { rule: 'fpx intent: rejects a bank name instead of its code', patch: { bank: 'Maybank2u' }, path: 'bank', key: 'validation:fpx.bankRequired' },
    { rule: 'fpx intent: rejects an unknown bank', patch: { bank: 'bank_of_nowhere' }, path: 'bank', key: 'validation:fpx.bankRequired' },
    { rule: 'fpx intent: rejects a blank bank', patch: { bank: '' }, path: 'bank', key: 'validation:fpx.bankRequired' },
  ]);
  checkRules(lateSubscribeFpxSchema, { payment_intent_id: 'pi_1' }, [
    { rule: 'fpx: rejects a blank intent', patch: { payment_intent_id: '' }, path: 'payment_intent_id', key: 'validation:billing.paymentIntentRequired' },
  ]);
  checkRules(confirmPaymentSchema, { payment_intent: 'pi_3ds' }, [
    { rule: 'confirm: accepts staff acting for a merchant', patch: { user_id: '12' } },
    { rule: 'confirm: rejects a blank intent', patch: { payment_intent: '  ' }, path: 'payment_intent', key: 'validation:billing.paymentIntentRequired' },
    { rule: 'confirm: rejects a missing intent', patch: { payment_intent: undefined }, path: 'payment_intent', key: 'validation:billing.paymentIntentRequired' },
    { rule: 'confirm: rejects a bad user id', patch: { user_id: 'abc' }, path: 'user_id', key: ID },
  ]);
  checkRules(lateSubscribeFormSchema, { payment_type: 'card' }, [
    { rule: 'form: accepts fpx', patch: { payment_type: 'fpx' } },
    { rule: 'form: rejects no payment type', patch: { payment_type: undefined }, path: 'payment_type', key: 'validation:lateSubscribe.paymentTypeRequired' },
    { rule: 'form: accepts a plan when changing plan', patch: { changing_plan: true, package_id: 4 } },
    { rule: 'form: rejects no plan when changing plan', patch: { changing_plan: true }, path: 'package_id', key: 'validation:lateSubscribe.planRequired' },
  ]);
});

describe('usage add-on', () => {
  checkRules(addOnPackageQuerySchema, { store_id: '3' }, [
    { rule: 'package: rejects a missing store', patch: { store_id: undefined }, path: 'store_id', key: ID },
  ]);
  checkRules(addOnAmountQuerySchema, { addon_store_quantity: '2', user_id: '1', store_id: '3', coupon: '' }, [
    { rule: 'amount: rejects zero stores', patch: { addon_store_quantity: '0' }, path: 'addon_store_quantity', key: 'validation:billing.quantityInvalid' },
    { rule: 'amount: rejects a missing store', patch: { store_id: undefined }, path: 'store_id', key: ID },
  ]);
  checkRules(addOnSubscribeSchema, { user_id: 1, store_id: 3, coupon: 'SAVE10', addon_store_quantity: 5 }, [
    { rule: 'subscribe: rejects a fractional quantity', patch: { addon_store_quantity: 1.5 }, path: 'addon_store_quantity', key: 'validation:billing.quantityInvalid' },
  ]);

  it('ignores a blank coupon and trims a given one', () => {
    expect(addOnAmountQuerySchema.parse({ addon_store_quantity: '2', store_id: '3', coupon: '  ' })).toEqual({ addon_store_quantity: 2, store_id: 3 });
    expect(addOnSubscribeSchema.parse({ store_id: 3, coupon: ' SAVE10 ', addon_store_quantity: 1 }).coupon).toBe('SAVE10');
  });

  it('reports every broken field at once', () => {
    expect(errorsOf(addOnSubscribeSchema, { store_id: 'x', addon_store_quantity: 0 })).toEqual({
      store_id: ID,
      addon_store_quantity: 'validation:billing.quantityInvalid',
    });
  });
});
