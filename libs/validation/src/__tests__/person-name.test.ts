import type { z } from 'zod';
import {
  cardCheckoutSchema,
  gatewayCheckoutSchema,
  merchantInviteSchema,
  merchantWizardSchema,
  merchantWizardStepSchemas,
  registrationSchema,
  trialSignUpFormSchema,
  trialVerifyRequestSchema,
} from '../index';
import { errorsOf, patched } from './helpers';

// Issue 31 #1: one name rule on every step of every sign-up and on the server, for the names of all five
// markets. Each row below is tried in every name field of every schema that takes one.

const trialForm = { email: 'owner@shop.tw', firstName: '小明', lastName: '王', storeName: 'Tea House', countryCode: '886', mobileNumber: '912345678', lineId: 'wang', password: 'TeaTime2026', confirmPassword: 'TeaTime2026' };
const trialVerify = { email: 'owner@shop.tw', mobile_no: '+886912345678', firstName: '小明', lastName: '王', password: 'TeaTime2026', storeName: 'Tea House', lineId: 'wang' };
const registration = {
  account: { first_name: '小明', last_name: '王', email: 'owner@shop.tw', mobile_no: '+886912345678', password: 'TeaTime2026', password_confirmation: 'TeaTime2026', line_id: 'wang' },
  store: { store_name: 'Tea House', store_email: 'store@shop.tw', industry: '4', language: 'zhtw', address1: '1 Main Road', city: 'Taipei', zip: '100', country: '216', state: '9' },
};
const wizardStep0 = { email: 'owner@shop.tw', firstname: '小明', lastname: '王', password: 'secret7', password_confirmation: 'secret7' };
const wizard = { ...wizardStep0, storeImage: 'https://cdn.example/store.png', store_name: 'Tea House', store_owner: '王小明', store_email: 'store@shop.tw', telephone: '02-1234567', address: '1 Main Road', country: '216', state_or_region: '9' };
const gateway = { company_name: '好茶有限公司', company_reg_no: '12345678', first_name: '小明', last_name: '王', email: 'buyer@tea.tw', phone: '+886 912-345-678', address1: '台北市信義路五段7號', postal_code: '110', country: '206', line_id: 'wang' };
const card = { email: 'buyer@shop.my', phone: '0123456789', address1: '1 Jalan Ampang', city: 'Kuala Lumpur', postal_code: '50450', country: 'Malaysia', state_or_region: 'Kuala Lumpur', name: '王' };
const invite = { email: 'owner@shop.tw', firstname: '小明', lastname: '王' };

type NameField = { schema: z.ZodType; base: Record<string, unknown>; path: string; invalid: string; required: string };
const FIELDS: Record<string, NameField> = {
  'trial form first name': { schema: trialSignUpFormSchema, base: trialForm, path: 'firstName', invalid: 'validation:registration.firstNameInvalid', required: 'validation:register.error.firstName' },
  'trial form last name': { schema: trialSignUpFormSchema, base: trialForm, path: 'lastName', invalid: 'validation:registration.lastNameInvalid', required: 'validation:register.error.lastName' },
  'trial server check last name': { schema: trialVerifyRequestSchema, base: trialVerify, path: 'lastName', invalid: 'validation:registration.lastNameInvalid', required: 'validation:register.error.lastName' },
  'registration first name': { schema: registrationSchema, base: registration, path: 'account.first_name', invalid: 'validation:registration.firstNameInvalid', required: 'validation:register.error.firstName' },
  'registration last name': { schema: registrationSchema, base: registration, path: 'account.last_name', invalid: 'validation:registration.lastNameInvalid', required: 'validation:register.error.lastName' },
  'wizard step 1 last name': { schema: merchantWizardStepSchemas[0], base: wizardStep0, path: 'lastname', invalid: 'validation:registration.lastNameInvalid', required: 'validation:wizard.lastNameRequired' },
  'wizard last name': { schema: merchantWizardSchema, base: wizard, path: 'lastname', invalid: 'validation:registration.lastNameInvalid', required: 'validation:wizard.lastNameRequired' },
  'merchant invite last name': { schema: merchantInviteSchema, base: invite, path: 'lastname', invalid: 'validation:registration.lastNameInvalid', required: 'validation:wizard.lastNameRequired' },
  'gateway checkout last name': { schema: gatewayCheckoutSchema, base: { ...gateway, countryHasStates: false }, path: 'last_name', invalid: 'validation:registration.lastNameInvalid', required: 'validation:gateway.lastNameRequired' },
  'card checkout cardholder': { schema: cardCheckoutSchema, base: card, path: 'name', invalid: 'validation:cardCheckout.nameInvalid', required: 'validation:cardCheckout.nameRequired' },
};

const REAL_NAMES = [
  ['a one-character Chinese surname', '王'],
  ['a one-character surname in another field', '林'],
  ['a two-character given name', '小明'],
  ['a Taiwanese indigenous name with a middle dot', '巴奈·母路'],
  ['a Thai surname with combining vowels', 'ใจดี'],
  ['a Thai given name', 'สมชาย'],
  ['a Malay name with bin', 'Muhammad Hafiz bin Abdullah'],
  ['a Malay name with an apostrophe', "Nur'aini"],
  ['a typographic apostrophe', 'D’Souza'],
  ['a Malaysian Indian name with a/l', 'Raj a/l Kumar'],
  ['an initial with a dot', 'A. Rahman'],
  ['a Filipino name with a suffix', 'Dela Cruz Jr.'],
  ['Latin with diacritics', 'Nguyễn Thị Ánh'],
  ['a hyphenated name', 'Lee-Ann'],
  ['a single Latin letter', 'B'],
] as const;

const NOT_NAMES = [
  ['digits', 'Siti2'],
  ['markup', '<b>Wang</b>'],
  ['a lone hyphen', '-'],
  ['a leading hyphen', '-Wang'],
  ['two separators in a row', 'Lee--Ann'],
  ['an e-mail address', 'wang@shop.tw'],
  ['an emoji', 'Wang 😀'],
] as const;

const withName = (field: NameField, name: unknown) => patched(field.base, { [field.path]: name });

describe.each(Object.entries(FIELDS))('the one name rule: %s', (_label, field) => {
  it.each(REAL_NAMES)('accepts %s (%s)', (_case, name) => {
    expect(errorsOf(field.schema, withName(field, name))).toEqual({});
  });

  it.each(NOT_NAMES)('refuses %s (%s) with the field named', (_case, name) => {
    expect(errorsOf(field.schema, withName(field, name))[field.path]).toBe(field.invalid);
  });

  it('asks for a blank name', () => {
    expect(errorsOf(field.schema, withName(field, '   '))[field.path]).toBe(field.required);
  });

  it('keeps names within the 100 characters the accounts table holds', () => {
    expect(errorsOf(field.schema, withName(field, '林'.repeat(100)))).toEqual({});
    expect(errorsOf(field.schema, withName(field, '林'.repeat(101)))[field.path]).toBe('validation:common.nameTooLong');
  });
});

describe('person names: normalising', () => {
  it('trims and reads a run of spaces as one', () => {
    expect(trialSignUpFormSchema.parse({ ...trialForm, lastName: '  Ah   Kow ' }).lastName).toBe('Ah Kow');
  });

});
