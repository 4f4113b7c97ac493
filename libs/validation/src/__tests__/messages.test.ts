import { z } from 'zod';
import {
  fieldErrors,
  isValidationMessageKey,
  toValidationResource,
  VALIDATION_MESSAGE_KEYS,
  validationMessagesEn,
} from '../index';

describe('validationMessagesEn', () => {
  it('keys every message in the validation namespace', () => {
    expect(VALIDATION_MESSAGE_KEYS.length).toBeGreaterThan(50);
    for (const key of VALIDATION_MESSAGE_KEYS) expect(key).toMatch(/^validation:[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/);
  });

  it.each([
    ['validation:billing.nameRequired', 'Please enter your name'],
    ['validation:billing.postalCodeInvalid', 'Please enter a valid postal code'],
    ['validation:coupon.required', 'Please fill in the coupon'],
    ['validation:signIn.credentialsRequired', 'Please fill in your Email and Password!'],
    ['validation:error.termsOfServiceRequired', 'You have to agree to the Terms of Service'],
    ['validation:otp.codeRequired', 'Please fill in all 6 OTP digits'],
    ['validation:trial.otpRequired', 'Please enter your 6-digit PIN before submitting.'],
    ['validation:register.error.password', 'Password must be at least 8 characters long and include both letters and numbers'],
    ['validation:register.error.storeName', 'Please enter the store name (minimum 3 characters)'],
    ['validation:wizard.passwordTooShort', 'Password need to be more than 6 character'],
    ['validation:wizard.passwordMismatch', 'Password not match'],
    ['validation:image.typeInvalid', 'You can only upgrade JPG/PNG file!'],
    ['validation:image.tooLarge', 'Image must smaller than 2MB!'],
    ['validation:resetPassword.fieldsRequired', 'Please fill in your New Password and Confirm Password!'],
    ['validation:cardCheckout.emailInvalid', 'Please fill in a valid Email'],
    ['validation:cardCheckout.emailRequired', 'Please fill in your Email'],
    ['validation:cardCheckout.emailUsed', 'Email have been used'],
    ['validation:cardCheckout.phoneRequired', 'Please fill in your Contact Number'],
    ['validation:cardCheckout.nameRequired', 'Please fill in your Name'],
    ['validation:billing.stateRequired', 'Please select state'],
  ] as const)('%s reads "%s"', (key, text) => {
    expect(validationMessagesEn[key]).toBe(text);
  });

  it('has every register.error key the spec lists', () => {
    const names = ['email', 'firstName', 'lastName', 'mobileNumber', 'password', 'emptyConfirmPassword', 'confirmPassword', 'storeName', 'requiredLineId', 'codeExpired', 'attemptLimit', 'dataError', 'emailAlreadySignUp', 'otpError', 'pleaseTryAgain', 'resendOtp'];
    for (const name of names) expect(isValidationMessageKey(`validation:register.error.${name}`)).toBe(true);
    expect(isValidationMessageKey('validation:register.error.nope')).toBe(false);
  });
});

describe('toValidationResource', () => {
  it('nests the keys without the namespace for i18next', () => {
    const resource = toValidationResource();
    expect(resource['billing']).toMatchObject({ nameRequired: 'Please enter your name' });
    expect((resource['register'] as Record<string, Record<string, string>>)['error']['otpError']).toBe('Incorrect OTP entered. Please try again.');
  });

  it('refuses a key that would be both a text and a parent', () => {
    expect(() => toValidationResource({ 'validation:a.b': 'x', 'validation:a.b.c': 'y' })).toThrow(/a\.b\.c/);
    expect(() => toValidationResource({ 'validation:a.b.c': 'y', 'validation:a.b': 'x' })).toThrow(/parent/);
  });
});

describe('fieldErrors', () => {
  it('maps dotted paths to the first message per field', () => {
    const schema = z.object({
      account: z.object({ email: z.string().min(1, 'k:first').min(3, 'k:second') }),
      items: z.array(z.number('k:num')),
    });
    const result = schema.safeParse({ account: { email: '' }, items: [1, 'x'] });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ 'account.email': 'k:first', 'items.1': 'k:num' });
  });

  it('puts whole-input issues under _form', () => {
    expect(fieldErrors({ issues: [{ path: [], message: 'k:root' }] })).toEqual({ _form: 'k:root' });
  });
});
