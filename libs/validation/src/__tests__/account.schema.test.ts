import {
  forgotPasswordSchema,
  imageFileSchema,
  loginRequestSchema,
  merchantWizardSchema,
  merchantWizardStepSchemas,
  otpStatusRequestSchema,
  otpSubmitSchema,
  registrationSchema,
  resetPasswordSchema,
  signInFormSchema,
  trialEmailSchema,
  trialSignUpFormSchema,
  trialVerifyOtpSchema,
  trialVerifyRequestSchema,
  updateUserSchema,
} from '../index';
import { checkRules, errorsOf } from './helpers';

const CREDENTIALS = 'validation:signIn.credentialsRequired';

describe('signInFormSchema', () => {
  checkRules(signInFormSchema, { email: 'a@b.co', password: 'secret1', terms: true }, [
    { rule: 'trims the e-mail and keeps a non-blank one', patch: { email: '  a@b.co ' } },
    { rule: 'rejects a blank e-mail', patch: { email: '   ' }, path: 'email', key: CREDENTIALS },
    { rule: 'rejects a missing e-mail', patch: { email: undefined }, path: 'email', key: CREDENTIALS },
    { rule: 'keeps a password with inner spaces', patch: { password: ' a b ' } },
    { rule: 'rejects a blank password', patch: { password: '  ' }, path: 'password', key: CREDENTIALS },
    { rule: 'rejects unticked terms', patch: { terms: false }, path: 'terms', key: 'validation:error.termsOfServiceRequired' },
    { rule: 'rejects missing terms', patch: { terms: undefined }, path: 'terms', key: 'validation:error.termsOfServiceRequired' },
  ]);

  it('trims the e-mail but never the password', () => {
    expect(signInFormSchema.parse({ email: ' a@b.co ', password: ' pw ', terms: true })).toEqual({
      email: 'a@b.co',
      password: ' pw ',
      terms: true,
    });
  });

  it('reports a non-object input at the form level', () => {
    expect(errorsOf(signInFormSchema, null)).toEqual({ _form: 'validation:common.invalidInput' });
  });
});

describe('loginRequestSchema', () => {
  checkRules(loginRequestSchema, { email: 'a@b.co', password: 'pw' }, [
    { rule: 'accepts a locale and the login-info flag', patch: { locale: 'zh-TW', sendLoginInfoEmail: true } },
    { rule: 'accepts the zhtw locale', patch: { locale: 'zhtw' } },
    { rule: 'rejects a malformed locale', patch: { locale: 'en us!' }, path: 'locale', key: 'validation:signIn.localeInvalid' },
    { rule: 'rejects a blank password', patch: { password: '' }, path: 'password', key: CREDENTIALS },
    { rule: 'rejects a non-boolean flag', patch: { sendLoginInfoEmail: 'yes' }, path: 'sendLoginInfoEmail', key: 'validation:common.invalidInput' },
  ]);
});

describe('otpStatusRequestSchema', () => {
  checkRules(otpStatusRequestSchema, { email: 'a@b.co', password: 'pw', locale: 'en' }, [
    { rule: 'locale is optional', patch: { locale: undefined } },
    { rule: 'rejects a blank e-mail', patch: { email: '' }, path: 'email', key: CREDENTIALS },
  ]);
});

describe('otpSubmitSchema', () => {
  checkRules(otpSubmitSchema, { code: '012345', email: 'a@b.co' }, [
    { rule: 'accepts a code with surrounding spaces', patch: { code: ' 123456 ' } },
    { rule: 'rejects five digits', patch: { code: '12345' }, path: 'code', key: 'validation:otp.codeRequired' },
    { rule: 'rejects seven digits', patch: { code: '1234567' }, path: 'code', key: 'validation:otp.codeRequired' },
    { rule: 'rejects letters', patch: { code: '12a456' }, path: 'code', key: 'validation:otp.codeRequired' },
    { rule: 'rejects a number instead of a string', patch: { code: 123456 }, path: 'code', key: 'validation:otp.codeRequired' },
  ]);
});

describe('forgotPasswordSchema', () => {
  checkRules(forgotPasswordSchema, { email: 'user@shop.my' }, [
    { rule: 'rejects a blank e-mail', patch: { email: ' ' }, path: 'email', key: 'validation:forgotPassword.emailRequired' },
    { rule: 'rejects an e-mail without a domain', patch: { email: 'user@' }, path: 'email', key: 'validation:forgotPassword.emailInvalid' },
  ]);
});

describe('resetPasswordSchema', () => {
  const REQUIRED = 'validation:resetPassword.fieldsRequired';
  checkRules(
    resetPasswordSchema,
    { email: 'a@b.co', forgot_password_token: 'tok', password: 'abcd1234', password_confirmation: 'abcd1234' },
    [
      { rule: 'rejects a blank token', patch: { forgot_password_token: '' }, path: 'forgot_password_token', key: REQUIRED },
      { rule: 'rejects a blank e-mail', patch: { email: '' }, path: 'email', key: REQUIRED },
      { rule: 'rejects a blank new password', patch: { password: '   ' }, path: 'password', key: REQUIRED },
      { rule: 'rejects a blank confirmation', patch: { password_confirmation: '' }, path: 'password_confirmation', key: REQUIRED },
      { rule: 'rejects a password without a digit', patch: { password: 'abcdefgh', password_confirmation: 'abcdefgh' }, path: 'password', key: 'validation:resetPassword.passwordWeak' },
      { rule: 'rejects a confirmation that differs', patch: { password_confirmation: 'abcd12345' }, path: 'password_confirmation', key: 'validation:resetPassword.passwordMismatch' },
    ],
  );
});

describe('trialSignUpFormSchema', () => {
  checkRules(
    trialSignUpFormSchema,
    {
      email: 'owner@shop.tw',
      firstName: 'A',
      lastName: 'B',
      storeName: 'Tea',
      countryCode: '+886',
      mobileNumber: '912345678',
      lineId: 'line-1',
      password: 'abcdefg1',
      confirmPassword: 'abcdefg1',
    },
    [
      { rule: 'rejects an e-mail without a dot in the domain', patch: { email: 'owner@shop' }, path: 'email', key: 'validation:register.error.email' },
      { rule: 'rejects an e-mail with a space', patch: { email: 'ow ner@shop.tw' }, path: 'email', key: 'validation:register.error.email' },
      { rule: 'rejects a blank first name', patch: { firstName: ' ' }, path: 'firstName', key: 'validation:register.error.firstName' },
      { rule: 'rejects a blank last name', patch: { lastName: '' }, path: 'lastName', key: 'validation:register.error.lastName' },
      { rule: 'accepts a 7-digit mobile', patch: { mobileNumber: '1234567' } },
      { rule: 'accepts a 15-digit mobile with spaces and dashes', patch: { mobileNumber: '12345 67890-12345' } },
      { rule: 'rejects a 6-digit mobile', patch: { mobileNumber: '123456' }, path: 'mobileNumber', key: 'validation:register.error.mobileNumber' },
      { rule: 'rejects a 16-digit mobile', patch: { mobileNumber: '1234567890123456' }, path: 'mobileNumber', key: 'validation:register.error.mobileNumber' },
      { rule: 'rejects a mobile with letters', patch: { mobileNumber: '91234567a' }, path: 'mobileNumber', key: 'validation:register.error.mobileNumber' },
      { rule: 'rejects a 7-character password', patch: { password: 'abcdef1', confirmPassword: 'abcdef1' }, path: 'password', key: 'validation:register.error.password' },
      { rule: 'rejects a password without a letter', patch: { password: '12345678', confirmPassword: '12345678' }, path: 'password', key: 'validation:register.error.password' },
      { rule: 'accepts a password with non-Latin letters', patch: { password: '密碼密碼密碼12', confirmPassword: '密碼密碼密碼12' } },
      { rule: 'rejects an empty confirmation', patch: { confirmPassword: '' }, path: 'confirmPassword', key: 'validation:register.error.emptyConfirmPassword' },
      { rule: 'rejects a different confirmation', patch: { confirmPassword: 'abcdefg2' }, path: 'confirmPassword', key: 'validation:register.error.confirmPassword' },
      { rule: 'rejects a 2-character store name', patch: { storeName: ' ab ' }, path: 'storeName', key: 'validation:register.error.storeName' },
      { rule: 'rejects a blank Line ID', patch: { lineId: '' }, path: 'lineId', key: 'validation:register.error.requiredLineId' },
      { rule: 'rejects a missing dial code', patch: { countryCode: '' }, path: 'countryCode', key: 'validation:trial.countryCodeRequired' },
    ],
  );

  it('does not add a mismatch message on top of a weak password', () => {
    expect(
      errorsOf(trialSignUpFormSchema, {
        email: 'owner@shop.tw', firstName: 'A', lastName: 'B', storeName: 'Tea', countryCode: '886',
        mobileNumber: '912345678', lineId: 'x', password: 'short', confirmPassword: 'other',
      }),
    ).toEqual({ password: 'validation:register.error.password' });
  });

  it('normalises the mobile number to digits', () => {
    const parsed = trialSignUpFormSchema.parse({
      email: ' owner@shop.tw ', firstName: 'A', lastName: 'B', storeName: 'Tea', countryCode: '886',
      mobileNumber: '912-345 678', lineId: 'x', password: 'abcdefg1', confirmPassword: 'abcdefg1',
    });
    expect(parsed.mobileNumber).toBe('912345678');
    expect(parsed.email).toBe('owner@shop.tw');
  });
});

describe('trialVerifyRequestSchema', () => {
  checkRules(
    trialVerifyRequestSchema,
    { email: 'a@b.co', mobile_no: '+886912345678', firstName: 'A', lastName: 'B', password: 'abcdefg1', storeName: 'Tea', lineId: 'x' },
    [
      { rule: 'accepts a number without +', patch: { mobile_no: '886912345678' } },
      { rule: 'rejects a 6-digit number', patch: { mobile_no: '+123456' }, path: 'mobile_no', key: 'validation:register.error.mobileNumber' },
      { rule: 'rejects a weak password', patch: { password: 'abcdefgh' }, path: 'password', key: 'validation:register.error.password' },
      { rule: 'rejects a short store name', patch: { storeName: 'ab' }, path: 'storeName', key: 'validation:register.error.storeName' },
    ],
  );
});

describe('trialEmailSchema and trialVerifyOtpSchema', () => {
  checkRules(trialEmailSchema, { email: 'a@b.co' }, [
    { rule: 'rejects a malformed e-mail', patch: { email: 'a.b.co' }, path: 'email', key: 'validation:register.error.email' },
  ]);
  checkRules(trialVerifyOtpSchema, { email: 'a@b.co', otp: '654321' }, [
    { rule: 'rejects a short PIN', patch: { otp: '65432' }, path: 'otp', key: 'validation:trial.otpRequired' },
    { rule: 'rejects a missing PIN', patch: { otp: undefined }, path: 'otp', key: 'validation:trial.otpRequired' },
  ]);
});

describe('registrationSchema', () => {
  checkRules(
    registrationSchema,
    {
      account: {
        first_name: 'Siti Nur',
        last_name: 'Aisyah',
        email: 'siti@shop.my',
        mobile_no: '+60123456789',
        password: 'kedai2026',
        password_confirmation: 'kedai2026',
        line_id: 'siti',
      },
      store: {
        store_name: 'Kedai Siti',
        store_email: 'store@shop.my',
        industry: '5',
        currency: 'myr',
        language: 'en',
        address1: '1 Jalan Ampang',
        city: 'Kuala Lumpur',
        zip: '50450',
        country: 129,
        state: 'Kuala Lumpur',
      },
    },
    [
      { rule: 'accepts Thai names with combining marks', patch: { 'account.first_name': 'สมชาย', 'account.last_name': 'ใจดี' } },
      { rule: 'accepts Chinese names', patch: { 'account.first_name': '大明' } },
      { rule: 'accepts a one-character last name (most Chinese surnames)', patch: { 'account.last_name': '王' } },
      { rule: 'rejects digits in the first name', patch: { 'account.first_name': 'Siti2' }, path: 'account.first_name', key: 'validation:registration.firstNameInvalid' },
      { rule: 'reads double spaces in the last name as one', patch: { 'account.last_name': 'Ai  syah' } },
      { rule: 'asks for a blank last name', patch: { 'account.last_name': ' ' }, path: 'account.last_name', key: 'validation:register.error.lastName' },
      { rule: 'rejects a malformed phone', patch: { 'account.mobile_no': '12-ab' }, path: 'account.mobile_no', key: 'validation:registration.mobileNumberInvalid' },
      { rule: 'rejects a mismatched confirmation', patch: { 'account.password_confirmation': 'kedai2027' }, path: 'account.password_confirmation', key: 'validation:register.error.confirmPassword' },
      { rule: 'rejects a missing Line ID', patch: { 'account.line_id': undefined }, path: 'account.line_id', key: 'validation:register.error.requiredLineId' },
      { rule: 'rejects a bad account e-mail', patch: { 'account.email': 'siti' }, path: 'account.email', key: 'validation:register.error.email' },
      { rule: 'rejects a bad store e-mail', patch: { 'store.store_email': 'store@' }, path: 'store.store_email', key: 'validation:registration.storeEmailInvalid' },
      { rule: 'rejects a short store name', patch: { 'store.store_name': 'Ke' }, path: 'store.store_name', key: 'validation:register.error.storeName' },
      { rule: 'rejects a fractional industry', patch: { 'store.industry': 2.5 }, path: 'store.industry', key: 'validation:registration.industryInvalid' },
      { rule: 'rejects a non-numeric industry', patch: { 'store.industry': 'fashion' }, path: 'store.industry', key: 'validation:registration.industryInvalid' },
      { rule: 'asks for an industry left empty (not "does not exist")', patch: { 'store.industry': '' }, path: 'store.industry', key: 'validation:registration.industryRequired' },
      { rule: 'asks for a missing industry', patch: { 'store.industry': undefined }, path: 'store.industry', key: 'validation:registration.industryRequired' },
      { rule: 'lets the country decide a missing currency', patch: { 'store.currency': '' } },
      { rule: 'rejects a currency that is not a 3-letter code', patch: { 'store.currency': 'RM' }, path: 'store.currency', key: 'validation:registration.currencyInvalid' },
      { rule: 'asks for a language left blank (not "does not exist")', patch: { 'store.language': ' ' }, path: 'store.language', key: 'validation:registration.languageRequired' },
      { rule: 'accepts a second address line', patch: { 'store.address2': 'Level 3' } },
      { rule: 'rejects a non-string second address line', patch: { 'store.address2': 5 }, path: 'store.address2', key: 'validation:common.invalidText' },
      { rule: 'rejects a blank address', patch: { 'store.address1': '' }, path: 'store.address1', key: 'validation:registration.address1Required' },
      { rule: 'rejects a blank city', patch: { 'store.city': '' }, path: 'store.city', key: 'validation:registration.cityRequired' },
      { rule: 'rejects a blank zip', patch: { 'store.zip': '' }, path: 'store.zip', key: 'validation:registration.zipRequired' },
      { rule: 'asks for a missing country (not "is invalid")', patch: { 'store.country': null }, path: 'store.country', key: 'validation:registration.countryRequired' },
      { rule: 'asks for a missing state (not "is invalid")', patch: { 'store.state': undefined }, path: 'store.state', key: 'validation:registration.stateRequired' },
      { rule: 'rejects an address over 255 characters', patch: { 'store.address1': 'x'.repeat(256) }, path: 'store.address1', key: 'validation:common.textTooLong' },
    ],
  );

  it('coerces the industry id and upper-cases the currency', () => {
    const parsed = registrationSchema.parse({
      account: { first_name: 'Ab', last_name: 'Cd', email: 'a@b.co', mobile_no: '0123456789', password: 'abcdefg1', password_confirmation: 'abcdefg1', line_id: 'l' },
      store: { store_name: 'Abc', store_email: 's@b.co', industry: '16', currency: 'twd', language: 1, address1: 'a', city: 'c', zip: '100', country: 'TW', state: 7 },
    });
    expect(parsed.store.industry).toBe(16);
    expect(parsed.store.currency).toBe('TWD');
    expect(parsed.store.state).toBe('7');
  });
});

describe('merchantWizardSchema', () => {
  const base = {
    email: 'owner@shop.my',
    firstname: 'Ali',
    lastname: 'Bakar',
    password: 'secret7',
    password_confirmation: 'secret7',
    storeImage: 'https://cdn.example/store.png',
    store_name: 'Ali Mart',
    store_owner: 'Ali',
    store_email: 'mart@shop.my',
    telephone: '03-1234567',
    address: '2 Jalan Tun Razak',
    country: '129',
    state_or_region: '14',
  };
  checkRules(merchantWizardSchema, base, [
    { rule: 'accepts a 7-character password (more than 6)', patch: { password: 'abcdefg', password_confirmation: 'abcdefg' } },
    { rule: 'rejects a 6-character password', patch: { password: 'abcdef', password_confirmation: 'abcdef' }, path: 'password', key: 'validation:wizard.passwordTooShort' },
    { rule: 'rejects a confirmation that differs', patch: { password_confirmation: 'secret8' }, path: 'password_confirmation', key: 'validation:wizard.passwordMismatch' },
    { rule: 'rejects a blank first name', patch: { firstname: '' }, path: 'firstname', key: 'validation:wizard.firstNameRequired' },
    { rule: 'rejects a blank last name', patch: { lastname: '' }, path: 'lastname', key: 'validation:wizard.lastNameRequired' },
    { rule: 'rejects a missing store image', patch: { storeImage: undefined }, path: 'storeImage', key: 'validation:wizard.storeImageRequired' },
    { rule: 'rejects a blank store name', patch: { store_name: ' ' }, path: 'store_name', key: 'validation:wizard.storeNameRequired' },
    { rule: 'rejects a blank store owner', patch: { store_owner: '' }, path: 'store_owner', key: 'validation:wizard.storeOwnerRequired' },
    { rule: 'rejects an invalid store e-mail', patch: { store_email: 'mart' }, path: 'store_email', key: 'validation:wizard.storeEmailInvalid' },
    { rule: 'rejects a blank telephone', patch: { telephone: '' }, path: 'telephone', key: 'validation:wizard.telephoneRequired' },
    { rule: 'rejects a blank address', patch: { address: '' }, path: 'address', key: 'validation:wizard.addressRequired' },
    { rule: 'rejects a missing country', patch: { country: '' }, path: 'country', key: 'validation:wizard.countryRequired' },
    { rule: 'rejects a missing region', patch: { state_or_region: null }, path: 'state_or_region', key: 'validation:wizard.regionRequired' },
    { rule: 'fax and shop category are optional', patch: { fax: '03-7654321', shop_category: 3 } },
  ]);

  it('validates each step on its own fields only', () => {
    expect(errorsOf(merchantWizardStepSchemas[0], { email: 'a@b.co', firstname: 'A', lastname: 'B', password: 'abcdefg', password_confirmation: 'abcdefg' })).toEqual({});
    expect(errorsOf(merchantWizardStepSchemas[0], { email: 'a@b.co', firstname: 'A', lastname: 'B', password: 'abcdefg', password_confirmation: 'x' })).toEqual({
      password_confirmation: 'validation:wizard.passwordMismatch',
    });
    expect(errorsOf(merchantWizardStepSchemas[1], { ...base, store_owner: '' })).toEqual({ store_owner: 'validation:wizard.storeOwnerRequired' });
    expect(errorsOf(merchantWizardStepSchemas[2], {})).toEqual({});
  });
});

describe('imageFileSchema', () => {
  checkRules(imageFileSchema, { type: 'image/png', size: 1000 }, [
    { rule: 'accepts JPEG', patch: { type: 'image/jpeg' } },
    { rule: 'accepts image/jpg', patch: { type: 'image/jpg' } },
    { rule: 'rejects GIF', patch: { type: 'image/gif' }, path: 'type', key: 'validation:image.typeInvalid' },
    { rule: 'accepts one byte under 2 MB', patch: { size: 2 * 1024 * 1024 - 1 } },
    { rule: 'rejects exactly 2 MB', patch: { size: 2 * 1024 * 1024 }, path: 'size', key: 'validation:image.tooLarge' },
  ]);
});

describe('updateUserSchema', () => {
  checkRules(updateUserSchema, { name: 'Ali', email: 'ali@shop.my', phone: '+60 12-345 6789' }, [
    { rule: 'accepts a cleared phone', patch: { phone: null } },
    { rule: 'accepts an empty phone', patch: { phone: '' } },
    { rule: 'accepts the avatar upload’s path and URL', patch: { image: 'avatars/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', image_url: 'https://merchant-hub.example/api/uploads/avatars/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' } },
    { rule: 'accepts cleared images', patch: { image: '', image_url: null } },
    { rule: 'rejects a javascript: image_url', patch: { image_url: 'javascript:alert(1)' }, path: 'image_url', key: 'validation:profile.imageInvalid' },
    { rule: 'rejects a tracking image_url', patch: { image_url: 'https://tracker.example/pixel.png' }, path: 'image_url', key: 'validation:profile.imageInvalid' },
    { rule: 'rejects an image_url with a query', patch: { image_url: 'https://x.example/api/uploads/avatars/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png?u=1' }, path: 'image_url', key: 'validation:profile.imageInvalid' },
    { rule: 'rejects an image path outside the uploads', patch: { image: '../../etc/passwd' }, path: 'image', key: 'validation:profile.imageInvalid' },
    { rule: 'rejects markup in the name', patch: { name: '<img src=x onerror=alert(1)>' }, path: 'name', key: 'validation:common.markupNotAllowed' },
    { rule: 'rejects a phone with letters', patch: { phone: 'call me' }, path: 'phone', key: 'validation:profile.phoneInvalid' },
    { rule: 'rejects a blank name', patch: { name: '' }, path: 'name', key: 'validation:profile.nameRequired' },
    { rule: 'rejects a bad e-mail', patch: { email: 'ali@' }, path: 'email', key: 'validation:profile.emailInvalid' },
  ]);
});
