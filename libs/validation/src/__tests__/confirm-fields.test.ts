import { forgotPasswordSchema, merchantWizardSchema, merchantWizardStepSchemas, registrationSchema, resetPasswordSchema, trialSignUpFormSchema } from '../index';
import { errorsOf } from './helpers';

// A confirm field's mismatch is reported on the same submit as every other field's error, not only once the
// rest of the form is valid; each field still shows one message.

const trial = {
  email: 'owner@shop.tw',
  firstName: 'Mei',
  lastName: 'Lin',
  storeName: 'Tea House',
  countryCode: '+886',
  mobileNumber: '912345678',
  lineId: 'mei-tea',
  password: 'oolong2026',
  confirmPassword: 'oolong2026',
};
const TRIAL_MISMATCH = 'validation:register.error.confirmPassword';

describe('trial sign-up form', () => {
  it.each([
    ['a malformed', 'owner@shop'],
    ['a blank', '  '],
    ['an overlong', `${'o'.repeat(250)}@shop.tw`],
  ])('reports the mismatch alongside %s e-mail', (_kind, email) => {
    expect(errorsOf(trialSignUpFormSchema, { ...trial, email, confirmPassword: 'oolong2027' })).toEqual({
      email: 'validation:register.error.email',
      confirmPassword: TRIAL_MISMATCH,
    });
  });

  it('reports the mismatch alongside every other invalid field', () => {
    expect(
      errorsOf(trialSignUpFormSchema, {
        ...trial,
        email: ' ',
        firstName: '',
        lastName: ' ',
        storeName: 'ab',
        countryCode: '',
        mobileNumber: '123',
        lineId: '',
        confirmPassword: 'oolong',
      }),
    ).toEqual({
      email: 'validation:register.error.email',
      firstName: 'validation:register.error.firstName',
      lastName: 'validation:register.error.lastName',
      storeName: 'validation:register.error.storeName',
      countryCode: 'validation:trial.countryCodeRequired',
      mobileNumber: 'validation:register.error.mobileNumber',
      lineId: 'validation:register.error.requiredLineId',
      confirmPassword: TRIAL_MISMATCH,
    });
  });

  it('reports the mismatch when another field has the wrong type', () => {
    expect(errorsOf(trialSignUpFormSchema, { ...trial, email: 42, confirmPassword: 'x' })).toEqual({
      email: 'validation:register.error.email',
      confirmPassword: TRIAL_MISMATCH,
    });
  });

  it('still reports no mismatch on top of a weak password or an empty confirmation', () => {
    expect(errorsOf(trialSignUpFormSchema, { ...trial, email: 'bad', password: 'short', confirmPassword: 'other' })).toEqual({
      email: 'validation:register.error.email',
      password: 'validation:register.error.password',
    });
    expect(errorsOf(trialSignUpFormSchema, { ...trial, storeName: '', confirmPassword: '' })).toEqual({
      storeName: 'validation:register.error.storeName',
      confirmPassword: 'validation:register.error.emptyConfirmPassword',
    });
  });
});

describe('registration account', () => {
  const account = {
    first_name: 'Siti',
    last_name: 'Aisyah',
    email: 'siti@shop.my',
    mobile_no: '+60123456789',
    password: 'kedai2026',
    password_confirmation: 'kedai2026',
    line_id: 'siti',
  };
  const store = {
    store_name: 'Kedai Siti',
    store_email: 'store@shop.my',
    industry: 5,
    currency: 'MYR',
    language: 'en',
    address1: '1 Jalan Ampang',
    city: 'Kuala Lumpur',
    zip: '50450',
    country: 129,
    state: 'Kuala Lumpur',
  };

  it('reports the mismatch alongside an invalid e-mail and a name with a digit', () => {
    expect(
      errorsOf(registrationSchema, { account: { ...account, email: 'siti', first_name: 'S2', password_confirmation: 'kedai2027' }, store }),
    ).toEqual({
      'account.email': 'validation:register.error.email',
      'account.first_name': 'validation:registration.firstNameInvalid',
      'account.password_confirmation': 'validation:register.error.confirmPassword',
    });
  });

  it('reports the mismatch alongside errors of the store part', () => {
    expect(errorsOf(registrationSchema, { account: { ...account, password_confirmation: 'x' }, store: { ...store, store_email: 'store@' } })).toEqual({
      'account.password_confirmation': 'validation:register.error.confirmPassword',
      'store.store_email': 'validation:registration.storeEmailInvalid',
    });
  });

  it('still reports no mismatch on top of a weak password', () => {
    expect(errorsOf(registrationSchema, { account: { ...account, email: '', password: 'kedai', password_confirmation: 'x' }, store })).toEqual({
      'account.email': 'validation:register.error.email',
      'account.password': 'validation:register.error.password',
    });
  });
});

describe('reset password', () => {
  const reset = { email: 'a@b.co', forgot_password_token: 'tok', password: 'abcd1234', password_confirmation: 'abcd1234' };
  const REQUIRED = 'validation:resetPassword.fieldsRequired';

  it('reports the mismatch alongside blank e-mail and token', () => {
    expect(errorsOf(resetPasswordSchema, { ...reset, email: ' ', forgot_password_token: '', password_confirmation: 'abcd12345' })).toEqual({
      email: REQUIRED,
      forgot_password_token: REQUIRED,
      password_confirmation: 'validation:resetPassword.passwordMismatch',
    });
  });

  it('still reports no mismatch on top of a blank or weak password', () => {
    expect(errorsOf(resetPasswordSchema, { ...reset, email: '', password: '  ', password_confirmation: 'x' })).toEqual({ email: REQUIRED, password: REQUIRED });
    expect(errorsOf(resetPasswordSchema, { ...reset, password: 'abcdefgh', password_confirmation: 'x' })).toEqual({
      password: 'validation:resetPassword.passwordWeak',
    });
  });
});

describe('merchant wizard', () => {
  const merchant = { email: 'owner@shop.my', firstname: 'Ali', lastname: 'Bakar', password: 'secret7', password_confirmation: 'secret7' };
  const storeStep = {
    storeImage: 'https://cdn.example/store.png',
    store_name: 'Ali Mart',
    store_owner: 'Ali',
    store_email: 'mart@shop.my',
    telephone: '03-1234567',
    address: '2 Jalan Tun Razak',
    country: '129',
    state_or_region: '14',
  };

  it('reports the mismatch alongside an invalid e-mail on the first step', () => {
    expect(errorsOf(merchantWizardStepSchemas[0], { ...merchant, email: 'owner@', lastname: '', password_confirmation: 'secret8' })).toEqual({
      email: 'validation:wizard.emailInvalid',
      lastname: 'validation:wizard.lastNameRequired',
      password_confirmation: 'validation:wizard.passwordMismatch',
    });
  });

  it('reports the mismatch alongside errors of later steps in the full body', () => {
    expect(errorsOf(merchantWizardSchema, { ...merchant, ...storeStep, password_confirmation: 'x', store_name: ' ', store_email: 'mart', country: '' })).toEqual({
      password_confirmation: 'validation:wizard.passwordMismatch',
      store_name: 'validation:wizard.storeNameRequired',
      store_email: 'validation:wizard.storeEmailInvalid',
      country: 'validation:wizard.countryRequired',
    });
  });

  it('still reports no mismatch on top of a short password', () => {
    expect(errorsOf(merchantWizardStepSchemas[0], { ...merchant, email: 'x', password: 'abc', password_confirmation: 'abd' })).toEqual({
      email: 'validation:wizard.emailInvalid',
      password: 'validation:wizard.passwordTooShort',
    });
  });
});

describe('one message per field without aborting checks', () => {
  it('a blank e-mail reports "required", not also "invalid", first', () => {
    const result = forgotPasswordSchema.safeParse({ email: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation:forgotPassword.emailRequired');
    expect(errorsOf(forgotPasswordSchema, { email: '  ' })).toEqual({ email: 'validation:forgotPassword.emailRequired' });
  });

  it('an overlong password reports "too long" before "weak"', () => {
    expect(errorsOf(trialSignUpFormSchema, { ...trial, password: 'a'.repeat(256), confirmPassword: 'a'.repeat(256) })).toEqual({
      password: 'validation:common.textTooLong',
    });
  });

  it('an overlong e-mail is refused at once: the pattern never runs on it', () => {
    // The pattern alone takes seconds on this input (quadratic backtracking over the dots).
    const email = `a@${'.'.repeat(100_000)}@`;
    const patternRuns = jest.spyOn(RegExp.prototype, 'test');
    try {
      expect(errorsOf(forgotPasswordSchema, { email })).toEqual({ email: 'validation:forgotPassword.emailInvalid' });
      expect(patternRuns.mock.calls.filter(([text]) => String(text).length > 255)).toEqual([]);
    } finally {
      patternRuns.mockRestore();
    }
  });

  it('an e-mail of exactly 255 characters is accepted and one of 256 is not', () => {
    const local = (length: number) => `${'a'.repeat(length - '@shop.my'.length)}@shop.my`;
    expect(errorsOf(forgotPasswordSchema, { email: local(255) })).toEqual({});
    expect(errorsOf(forgotPasswordSchema, { email: local(256) })).toEqual({ email: 'validation:forgotPassword.emailInvalid' });
  });
});
