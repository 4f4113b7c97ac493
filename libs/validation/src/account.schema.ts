import { z } from 'zod';
import {
  emailField,
  nameText,
  personName,
  optionalUpload,
  UPLOAD_PATH_PATTERN,
  UPLOAD_URL_PATTERN,
  nonBlankPassword,
  optionalText,
  requiredChoice,
  requiredText,
  sixDigitCode,
  strongPassword,
  TEXT_MAX_LENGTH,
} from './fields.js';
import { whenFieldsValid } from './refinements.js';

// Locale codes seen in the product (en, zhtw, zh-TW, th_TH...): letters, optionally a region part.
const LOCALE_PATTERN = /^[A-Za-z]{2,4}(?:[-_][A-Za-z0-9]{2,8})?$/;
const optionalLocale = z
  .string({ error: 'validation:signIn.localeInvalid' })
  .trim()
  .regex(LOCALE_PATTERN, { error: 'validation:signIn.localeInvalid' })
  .optional();

const INPUT_KEY = 'validation:common.invalidInput';

// ---------------------------------------------------------------------------------------------------------
// Sign-in and one-time code

/** The sign-in form: e-mail and password not blank after trimming, terms ticked (spec §5 Sign-in). */
export const signInFormSchema = z.object(
  {
    email: requiredText('validation:signIn.credentialsRequired'),
    password: nonBlankPassword('validation:signIn.credentialsRequired'),
    terms: z.literal(true, { error: 'validation:error.termsOfServiceRequired' }),
  },
  { error: INPUT_KEY },
);
export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormOutput = z.output<typeof signInFormSchema>;
/** Alias kept for callers that name the sign-in form's values this way. */
export type SignInInput = SignInFormInput;

/** POST /api/login. */
export const loginRequestSchema = z.object(
  {
    email: requiredText('validation:signIn.credentialsRequired'),
    password: nonBlankPassword('validation:signIn.credentialsRequired'),
    locale: optionalLocale,
    sendLoginInfoEmail: z.boolean({ error: INPUT_KEY }).optional(),
  },
  { error: INPUT_KEY },
);
export type LoginRequestInput = z.input<typeof loginRequestSchema>;
export type LoginRequestOutput = z.output<typeof loginRequestSchema>;

/** POST /api/erpCheckOTPStatus. */
export const otpStatusRequestSchema = z.object(
  {
    email: requiredText('validation:signIn.credentialsRequired'),
    password: nonBlankPassword('validation:signIn.credentialsRequired'),
    locale: optionalLocale,
  },
  { error: INPUT_KEY },
);
export type OtpStatusRequestInput = z.input<typeof otpStatusRequestSchema>;
export type OtpStatusRequestOutput = z.output<typeof otpStatusRequestSchema>;

/** POST /api/erpSubmitOTP: the code is exactly six digits. */
export const otpSubmitSchema = z.object(
  {
    code: sixDigitCode('validation:otp.codeRequired'),
    email: requiredText('validation:signIn.credentialsRequired'),
  },
  { error: INPUT_KEY },
);
export type OtpSubmitInput = z.input<typeof otpSubmitSchema>;
export type OtpSubmitOutput = z.output<typeof otpSubmitSchema>;

// ---------------------------------------------------------------------------------------------------------
// Forgot and reset password

/** POST /forgot-password and its form. */
export const forgotPasswordSchema = z.object(
  { email: emailField('validation:forgotPassword.emailRequired', 'validation:forgotPassword.emailInvalid') },
  { error: INPUT_KEY },
);
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordOutput = z.output<typeof forgotPasswordSchema>;

const RESET_REQUIRED = 'validation:resetPassword.fieldsRequired';

/** POST /forgot-password/change and the reset form: all four fields filled, new password strong and confirmed. */
export const resetPasswordSchema = z
  .object(
    {
      email: requiredText(RESET_REQUIRED),
      forgot_password_token: requiredText(RESET_REQUIRED),
      password: z
        .string({ error: RESET_REQUIRED })
        .refine((value) => value.trim().length > 0, { error: RESET_REQUIRED })
        .pipe(strongPassword('validation:resetPassword.passwordWeak')),
      password_confirmation: nonBlankPassword(RESET_REQUIRED),
    },
    { error: INPUT_KEY },
  )
  .refine((value) => value.password === value.password_confirmation, {
    error: 'validation:resetPassword.passwordMismatch',
    path: ['password_confirmation'],
    when: whenFieldsValid('password', 'password_confirmation'),
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordOutput = z.output<typeof resetPasswordSchema>;

// ---------------------------------------------------------------------------------------------------------
// Trial sign-up

/** Local part of a mobile number: 7 to 15 digits once spaces and dashes are removed (spec §5 Trial). */
const trialMobileNumber = z
  .string({ error: 'validation:register.error.mobileNumber' })
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .regex(/^\d{7,15}$/, { error: 'validation:register.error.mobileNumber' });

/**
 * Mobile number as the API receives it: the dial code joined to the local number, optionally with '+'.
 * Up to 18 digits because the form allows a 15-digit local part after a dial code of up to 3 digits.
 */
const mobileWithDialCode = (key: 'validation:register.error.mobileNumber' | 'validation:registration.mobileNumberInvalid') =>
  z
    .string({ error: key })
    .overwrite((value) => value.replace(/[\s-]/g, ''))
    .regex(/^\+?\d{7,18}$/, { error: key });

const trialEmail = emailField('validation:register.error.email');
/** First and last names follow the one name rule of `personName` on every step and on the server. */
const firstName = personName('validation:register.error.firstName', 'validation:registration.firstNameInvalid');
const lastName = personName('validation:register.error.lastName', 'validation:registration.lastNameInvalid');
const storeName = nameText('validation:register.error.storeName').refine((value) => value.length >= 3, { error: 'validation:register.error.storeName' });
const lineId = requiredText('validation:register.error.requiredLineId');

/** The first trial sign-up form (spec §3 Trial sign-up form, §5 Trial sign-up). */
export const trialSignUpFormSchema = z
  .object(
    {
      email: trialEmail,
      firstName,
      lastName,
      storeName,
      countryCode: z
        .string({ error: 'validation:trial.countryCodeRequired' })
        .trim()
        .regex(/^\+?\d{1,4}$/, { error: 'validation:trial.countryCodeRequired' }),
      mobileNumber: trialMobileNumber,
      lineId,
      password: strongPassword('validation:register.error.password'),
      confirmPassword: z
        .string({ error: 'validation:register.error.emptyConfirmPassword' })
        .min(1, { error: 'validation:register.error.emptyConfirmPassword' }),
    },
    { error: INPUT_KEY },
  )
  .refine((value) => value.password === value.confirmPassword, {
    error: 'validation:register.error.confirmPassword',
    path: ['confirmPassword'],
    when: whenFieldsValid('password', 'confirmPassword'),
  });
export type TrialSignUpFormInput = z.input<typeof trialSignUpFormSchema>;
export type TrialSignUpFormOutput = z.output<typeof trialSignUpFormSchema>;

/** POST /trial/verify: the server re-checks what the form checked; mobile_no carries the dial code. */
export const trialVerifyRequestSchema = z.object(
  {
    email: trialEmail,
    mobile_no: mobileWithDialCode('validation:register.error.mobileNumber'),
    firstName,
    lastName,
    password: strongPassword('validation:register.error.password'),
    storeName,
    lineId,
    /** The page's language: the SMS with the code is written in it (issue 31 #5). */
    locale: optionalLocale,
  },
  { error: INPUT_KEY },
);
export type TrialVerifyRequestInput = z.input<typeof trialVerifyRequestSchema>;
export type TrialVerifyRequestOutput = z.output<typeof trialVerifyRequestSchema>;

/** POST /trial/verifyEmail, /trial/sendOTP and /trial/resendOTP. */
export const trialEmailSchema = z.object({ email: trialEmail, locale: optionalLocale }, { error: INPUT_KEY });
export type TrialEmailInput = z.input<typeof trialEmailSchema>;
export type TrialEmailOutput = z.output<typeof trialEmailSchema>;

/** POST /trial/verifyOTP. */
export const trialVerifyOtpSchema = z.object(
  { email: trialEmail, otp: sixDigitCode('validation:trial.otpRequired') },
  { error: INPUT_KEY },
);
export type TrialVerifyOtpInput = z.input<typeof trialVerifyOtpSchema>;
export type TrialVerifyOtpOutput = z.output<typeof trialVerifyOtpSchema>;

// ---------------------------------------------------------------------------------------------------------
// Registration (server style). Existence and uniqueness (store name, e-mails, phone, industry, currency,
// language, country, state) are the API's checks against its tables; these schemas check shape only.

export const registrationAccountSchema = z
  .object(
    {
      first_name: firstName,
      last_name: lastName,
      email: emailField('validation:register.error.email'),
      mobile_no: mobileWithDialCode('validation:registration.mobileNumberInvalid'),
      password: strongPassword('validation:register.error.password'),
      password_confirmation: z
        .string({ error: 'validation:register.error.emptyConfirmPassword' })
        .min(1, { error: 'validation:register.error.emptyConfirmPassword' }),
      line_id: lineId,
    },
    { error: INPUT_KEY },
  )
  .refine((value) => value.password === value.password_confirmation, {
    error: 'validation:register.error.confirmPassword',
    path: ['password_confirmation'],
    when: whenFieldsValid('password', 'password_confirmation'),
  });

export const registrationStoreSchema = z.object(
  {
    store_name: storeName,
    store_email: emailField('validation:registration.storeEmailInvalid'),
    // An empty choice is a missing answer, not an unknown industry.
    industry: z
      .union([z.string(), z.number()], { error: 'validation:registration.industryRequired' })
      .refine((value) => String(value).trim() !== '', { error: 'validation:registration.industryRequired', abort: true })
      .transform((value) => Number(value))
      .refine((id) => Number.isInteger(id) && id > 0, { error: 'validation:registration.industryInvalid' }),
    // The store's country decides its currency (the market sells in one currency): the form shows it,
    // and the API refuses a currency that disagrees with the country, so no store ends up with no plans
    // it can buy. Omitted, the country's currency is taken.
    currency: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .string({ error: 'validation:registration.currencyInvalid' })
        .trim()
        .regex(/^[A-Za-z]{3}$/, { error: 'validation:registration.currencyInvalid' })
        .transform((code) => code.toUpperCase())
        .optional(),
    ),
    // Left empty, each choice asks for one ("does not exist" is the server's answer to an unknown one).
    language: requiredChoice('validation:registration.languageRequired'),
    address1: requiredText('validation:registration.address1Required'),
    address2: optionalText(),
    city: requiredText('validation:registration.cityRequired'),
    // Postal codes of the five markets run from 4 (PH) to 6 (SG) characters; 3 to 10 leaves room for others.
    zip: z
      .string({ error: 'validation:registration.zipRequired' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, { error: 'validation:registration.zipRequired' }),
    country: requiredChoice('validation:registration.countryRequired'),
    state: requiredChoice('validation:registration.stateRequired'),
  },
  { error: INPUT_KEY },
);

/** POST registration body: `{ account, store }` (spec §3 Registration, §5 Registration). */
export const registrationSchema = z.object(
  { account: registrationAccountSchema, store: registrationStoreSchema },
  { error: INPUT_KEY },
);
export type RegistrationInput = z.input<typeof registrationSchema>;
export type RegistrationOutput = z.output<typeof registrationSchema>;

// ---------------------------------------------------------------------------------------------------------
// Merchant-creation wizard

/** Uploads the wizard accepts (spec §9): JPEG or PNG, strictly under 2 MB. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Checks a chosen file before upload; pass the File itself or `{ type, size }`. */
export const imageFileSchema = z.object(
  {
    type: z.enum(IMAGE_MIME_TYPES, { error: 'validation:image.typeInvalid' }),
    size: z
      .number({ error: 'validation:image.tooLarge' })
      .nonnegative({ error: 'validation:image.tooLarge' })
      .lt(IMAGE_MAX_BYTES, { error: 'validation:image.tooLarge' }),
  },
  { error: 'validation:image.typeInvalid' },
);
export type ImageFileInput = z.input<typeof imageFileSchema>;
export type ImageFileOutput = z.output<typeof imageFileSchema>;

// Image fields hold the uploaded image's URL or a data URL; a 2 MB image as base64 is about 2.8 M characters.
const IMAGE_VALUE_MAX = 2_800_000;
const optionalImage = z
  .string({ error: 'validation:profile.imageInvalid' })
  .trim()
  .max(IMAGE_VALUE_MAX, { error: 'validation:image.tooLarge' })
  .nullish();

const wizardMerchantFields = {
  email: emailField('validation:wizard.emailInvalid'),
  firstname: personName('validation:wizard.firstNameRequired', 'validation:registration.firstNameInvalid'),
  lastname: personName('validation:wizard.lastNameRequired', 'validation:registration.lastNameInvalid'),
  password: z
    .string({ error: 'validation:wizard.passwordTooShort' })
    .min(7, { error: 'validation:wizard.passwordTooShort' })
    .max(TEXT_MAX_LENGTH, { error: 'validation:common.textTooLong' }),
  password_confirmation: z.string({ error: 'validation:wizard.passwordMismatch' }),
  merchantImage: optionalImage,
};

const wizardStoreFields = {
  storeImage: requiredText('validation:wizard.storeImageRequired', IMAGE_VALUE_MAX, 'validation:image.tooLarge'),
  store_name: nameText('validation:wizard.storeNameRequired'),
  store_owner: nameText('validation:wizard.storeOwnerRequired'),
  store_email: emailField('validation:wizard.storeEmailInvalid'),
  telephone: requiredText('validation:wizard.telephoneRequired'),
  fax: optionalText(),
  address: requiredText('validation:wizard.addressRequired'),
  country: requiredChoice('validation:wizard.countryRequired'),
  state_or_region: requiredChoice('validation:wizard.regionRequired'),
};

const wizardLastFields = {
  // A category id from the select (digits) or a JSON number; '' and null mean none chosen.
  shop_category: z
    .union([z.string().regex(/^\d{0,9}$/), z.number().int().positive().max(999_999_999)], { error: 'validation:common.invalidInput' })
    .nullish(),
};

const passwordsMatch = <T extends { password: string; password_confirmation: string }>(value: T) =>
  value.password === value.password_confirmation;
const passwordMatchCheck = {
  error: 'validation:wizard.passwordMismatch',
  path: ['password_confirmation'],
  when: whenFieldsValid('password', 'password_confirmation'),
};

/** Per-step schemas: step 0 Merchant Information, step 1 Store Information, step 2 Last (shop category). */
export const merchantWizardStepSchemas = [
  z.object(wizardMerchantFields, { error: INPUT_KEY }).refine(passwordsMatch, passwordMatchCheck),
  z.object(wizardStoreFields, { error: INPUT_KEY }),
  z.object(wizardLastFields, { error: INPUT_KEY }),
] as const;

/** POST create-merchant with every wizard field. */
export const merchantWizardSchema = z
  .object({ ...wizardMerchantFields, ...wizardStoreFields, ...wizardLastFields }, { error: INPUT_KEY })
  .refine(passwordsMatch, passwordMatchCheck);
export type MerchantWizardInput = z.input<typeof merchantWizardSchema>;
export type MerchantWizardOutput = z.output<typeof merchantWizardSchema>;

// ---------------------------------------------------------------------------------------------------------
// Profile

/** PUT /users/{id} and the personal profile form. `phone` may be cleared (null or ''). */
export const updateUserSchema = z.object(
  {
    name: nameText('validation:profile.nameRequired'),
    email: emailField('validation:profile.emailInvalid'),
    phone: z
      .string({ error: 'validation:profile.phoneInvalid' })
      .trim()
      .regex(/^(?:\+?[\d\s()-]{6,20})?$/, { error: 'validation:profile.phoneInvalid' })
      .nullable(),
    // Only what the avatar upload stored: its path and its URL on this product (no javascript:, no other host).
    image: optionalUpload(UPLOAD_PATH_PATTERN, 'validation:profile.imageInvalid'),
    image_url: optionalUpload(UPLOAD_URL_PATTERN, 'validation:profile.imageInvalid'),
    // The profile's language setting: the language of every e-mail the account is sent (left as it is when absent).
    locale: optionalLocale,
  },
  { error: INPUT_KEY },
);
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserOutput = z.output<typeof updateUserSchema>;
