import {
  cardCheckoutRequestSchema,
  cardCheckoutSchema,
  ecpayCreateOrderSchema,
  FPX_BANK_CODES,
  FPX_BANKS,
  fpxCheckoutRequestSchema,
  gatewayCheckoutSchema,
  makeEcpayCreateOrderSchema,
  makeGatewayCheckoutSchema,
} from '../index';
import { checkRules, errorsOf } from './helpers';

const gatewayBase = {
  company_name: '好茶有限公司',
  company_reg_no: '12345678',
  first_name: '大明',
  last_name: '王',
  email: 'buyer@tea.tw',
  phone: '+886 912-345-678',
  address1: '台北市信義路五段7號',
  postal_code: '110',
  country: '206',
  line_id: 'wang',
};

const gatewayRules = [
  { rule: 'rejects a blank company name', patch: { company_name: '' }, path: 'company_name', key: 'validation:gateway.companyNameRequired' },
  { rule: 'rejects a blank business ID', patch: { company_reg_no: ' ' }, path: 'company_reg_no', key: 'validation:gateway.companyRegNoRequired' },
  { rule: 'rejects a blank first name', patch: { first_name: '' }, path: 'first_name', key: 'validation:gateway.firstNameRequired' },
  { rule: 'rejects a blank last name', patch: { last_name: '' }, path: 'last_name', key: 'validation:gateway.lastNameRequired' },
  { rule: 'rejects a blank Line ID', patch: { line_id: '' }, path: 'line_id', key: 'validation:gateway.lineIdRequired' },
  { rule: 'rejects a blank phone', patch: { phone: '' }, path: 'phone', key: 'validation:gateway.phoneRequired' },
  { rule: 'rejects a phone with letters', patch: { phone: 'call me' }, path: 'phone', key: 'validation:gateway.phoneRequired' },
  { rule: 'rejects a malformed e-mail', patch: { email: 'buyer@tea' }, path: 'email', key: 'validation:register.error.email' },
  { rule: 'rejects a blank address', patch: { address1: '' }, path: 'address1', key: 'validation:gateway.addressRequired' },
  { rule: 'accepts a postal code with non-digits around 3 digits', patch: { postal_code: '1-1 0' } },
  { rule: 'rejects a 5-digit postal code', patch: { postal_code: '11049' }, path: 'postal_code', key: 'validation:gateway.postalCodeInvalid' },
  { rule: 'rejects a 2-digit postal code', patch: { postal_code: '11a' }, path: 'postal_code', key: 'validation:gateway.postalCodeInvalid' },
  { rule: 'rejects a missing country', patch: { country: undefined }, path: 'country', key: 'validation:gateway.countryRequired' },
  { rule: 'ref code and address 2 are optional', patch: { ref_code: 'FRIEND', address2: '3F' } },
  { rule: 'rejects a company name over 255 characters', patch: { company_name: 'c'.repeat(256) }, path: 'company_name', key: 'validation:common.textTooLong' },
  { rule: 'rejects a ref code over 255 characters', patch: { ref_code: 'r'.repeat(256) }, path: 'ref_code', key: 'validation:common.textTooLong' },
];

describe('gatewayCheckoutSchema (flag in the values)', () => {
  checkRules(gatewayCheckoutSchema, gatewayBase, [
    ...gatewayRules,
    { rule: 'no state needed when the country has none', patch: { countryHasStates: false, state_or_region: '' } },
    { rule: 'accepts a state when the country has states', patch: { countryHasStates: true, state_or_region: 3 } },
    { rule: 'rejects no state when the country has states', patch: { countryHasStates: true }, path: 'state_or_region', key: 'validation:gateway.stateRequired' },
    { rule: 'rejects a blank state when the country has states', patch: { countryHasStates: true, state_or_region: '  ' }, path: 'state_or_region', key: 'validation:gateway.stateRequired' },
  ]);

  it('strips non-digits from the postal code and drops displayed prices', () => {
    const parsed = gatewayCheckoutSchema.parse({ ...gatewayBase, postal_code: ' 1 1 0 ', total_price: 1290 });
    expect(parsed.postal_code).toBe('110');
    expect(parsed).not.toHaveProperty('total_price');
    expect(parsed.countryHasStates).toBe(false);
  });
});

describe('makeGatewayCheckoutSchema', () => {
  describe('for a country with states', () => {
    checkRules(makeGatewayCheckoutSchema({ countryHasStates: true }), { ...gatewayBase, state_or_region: '5' }, [
      ...gatewayRules,
      { rule: 'rejects a missing state', patch: { state_or_region: undefined }, path: 'state_or_region', key: 'validation:gateway.stateRequired' },
      { rule: 'ignores a client flag claiming no states', patch: { state_or_region: '', countryHasStates: false }, path: 'state_or_region', key: 'validation:gateway.stateRequired' },
    ]);
  });

  describe('for a country without states', () => {
    checkRules(makeGatewayCheckoutSchema({ countryHasStates: false }), gatewayBase, [
      { rule: 'a null state is fine', patch: { state_or_region: null } },
      { rule: 'rejects a state that is neither text nor a number', patch: { state_or_region: true }, path: 'state_or_region', key: 'validation:gateway.stateRequired' },
    ]);
  });
});

describe('ecpay create-order', () => {
  checkRules(ecpayCreateOrderSchema, { ...gatewayBase, package_id: '12' }, [
    { rule: 'rejects a missing package', patch: { package_id: undefined }, path: 'package_id', key: 'validation:gateway.packageRequired' },
    { rule: 'rejects no state when the country has states', patch: { countryHasStates: true }, path: 'state_or_region', key: 'validation:gateway.stateRequired' },
    { rule: 'accepts a coupon', patch: { coupon: 'WELCOME20' } },
  ]);

  it('coerces the package id and ignores a blank coupon', () => {
    const parsed = makeEcpayCreateOrderSchema({ countryHasStates: true }).parse({ ...gatewayBase, package_id: '12', state_or_region: 4, coupon: ' ' });
    expect(parsed.package_id).toBe(12);
    expect(parsed.coupon).toBeUndefined();
    expect(parsed.state_or_region).toBe('4');
  });

  it('requires the state on the server-side schema', () => {
    expect(errorsOf(makeEcpayCreateOrderSchema({ countryHasStates: true }), { ...gatewayBase, package_id: 12 })).toEqual({
      state_or_region: 'validation:gateway.stateRequired',
    });
  });
});

describe('cardCheckoutSchema', () => {
  const base = {
    email: 'buyer@shop.my',
    phone: '0123456789',
    address1: '1 Jalan Ampang',
    city: 'Kuala Lumpur',
    postal_code: '50450',
    country: 'Malaysia',
    state_or_region: 'Kuala Lumpur',
    name: 'Ali Bakar',
  };
  checkRules(cardCheckoutSchema, base, [
    { rule: 'rejects a blank e-mail', patch: { email: '' }, path: 'email', key: 'validation:cardCheckout.emailRequired' },
    { rule: 'rejects a malformed e-mail', patch: { email: 'buyer' }, path: 'email', key: 'validation:cardCheckout.emailInvalid' },
    { rule: 'rejects a blank contact number', patch: { phone: ' ' }, path: 'phone', key: 'validation:cardCheckout.phoneRequired' },
    { rule: 'company name is optional', patch: { company_name: '' } },
    { rule: 'accepts a 190-character company name', patch: { company_name: 'c'.repeat(190) } },
    { rule: 'rejects a 191-character company name', patch: { company_name: 'c'.repeat(191) }, path: 'company_name', key: 'validation:cardCheckout.companyNameTooLong' },
    { rule: 'rejects a blank address', patch: { address1: '' }, path: 'address1', key: 'validation:billing.addressRequired' },
    { rule: 'rejects a blank city', patch: { city: '' }, path: 'city', key: 'validation:billing.cityRequired' },
    { rule: 'accepts a 6-character postal code', patch: { postal_code: '018956' } },
    { rule: 'rejects a 4-character postal code', patch: { postal_code: '1000' }, path: 'postal_code', key: 'validation:billing.postalCodeInvalid' },
    { rule: 'rejects a 7-character postal code', patch: { postal_code: '1234567' }, path: 'postal_code', key: 'validation:billing.postalCodeInvalid' },
    { rule: 'rejects a blank postal code', patch: { postal_code: '' }, path: 'postal_code', key: 'validation:billing.postalCodeInvalid' },
    { rule: 'rejects a missing country', patch: { country: '' }, path: 'country', key: 'validation:billing.countryRequired' },
    { rule: 'rejects a missing state', patch: { state_or_region: undefined }, path: 'state_or_region', key: 'validation:billing.stateRequired' },
    { rule: 'rejects a blank cardholder name', patch: { name: '' }, path: 'name', key: 'validation:cardCheckout.nameRequired' },
    { rule: 'rejects an address 2 over 255 characters', patch: { address2: 'a'.repeat(256) }, path: 'address2', key: 'validation:common.textTooLong' },
  ]);

  it('ignores a blank coupon code', () => {
    expect(cardCheckoutSchema.parse({ ...base, coupon_code: '  ' }).coupon_code).toBeUndefined();
  });

  it('needs the package on the request and keeps the payment method optional for FPX', () => {
    expect(errorsOf(cardCheckoutRequestSchema, base)).toEqual({ package_id: 'validation:gateway.packageRequired' });
    expect(errorsOf(cardCheckoutRequestSchema, { ...base, package_id: 3 })).toEqual({});
    expect(errorsOf(cardCheckoutRequestSchema, { ...base, package_id: 3, paymentMethod: '' })).toEqual({
      paymentMethod: 'validation:billing.paymentMethodRequired',
    });
  });

  it('keeps the FPX bank optional but only ever a Stripe bank code', () => {
    const request = { ...base, package_id: 3 };
    expect(errorsOf(fpxCheckoutRequestSchema, request)).toEqual({});
    expect(fpxCheckoutRequestSchema.parse({ ...request, bank: 'cimb' }).bank).toBe('cimb');
    expect(errorsOf(fpxCheckoutRequestSchema, { ...request, bank: 'CIMB Clicks' })).toEqual({ bank: 'validation:fpx.bankRequired' });
    expect(errorsOf(fpxCheckoutRequestSchema, { ...request, bank: 'citibank' })).toEqual({ bank: 'validation:fpx.bankRequired' });
    expect(errorsOf(fpxCheckoutRequestSchema, { ...request, bank: 42 })).toEqual({ bank: 'validation:fpx.bankRequired' });
  });
});

describe('FPX banks', () => {
  it('lists each of the 22 Stripe bank codes once, with a name', () => {
    expect(FPX_BANK_CODES).toHaveLength(22);
    expect(FPX_BANKS.map((b) => b.code).sort()).toEqual([...FPX_BANK_CODES].sort());
    for (const bank of FPX_BANKS) expect(bank.name.trim()).not.toBe('');
  });

  it('marks the corporate-only portals as business banks', () => {
    expect(FPX_BANKS.filter((b) => b.business).map((b) => b.code)).toEqual(['bank_of_china', 'deutsche_bank', 'maybank2e', 'pb_enterprise']);
  });

  it('orders the picker by name', () => {
    const names = FPX_BANKS.map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});
