import { z } from 'zod';

// What the API answers for sign-in, accounts, sign-up and the reference lists the forms read (spec §7). The API
// client parses these answers with them (in development and tests) and the API's contract test parses its real
// answers with the same ones. Objects are loose: fields the client does not read yet pass through untouched.

const unixSeconds = z.number().int();
const message = z.string();

const ROLE_NAME_VALUES = ['main_user', 'support', 'superadmin', 'chat_store_staff', 'user'] as const;
const roleName = z.enum(ROLE_NAME_VALUES);

/** The signed-in user (spec §3 User), as GET /user and GET/PUT /users/{id} answer it inside `{ data }`. */
export const userResponseSchema = z.looseObject({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.looseObject({ name: roleName })),
  skip_otp: z.boolean().optional(),
  inventory_users: z.looseObject({ inventory_store_users: z.looseObject({ store_id: z.number().int().nullable() }) }),
});

/** GET /user, GET/PUT /users/{id}, POST /users/{id}/avatar. */
export const userEnvelopeResponseSchema = z.looseObject({ data: userResponseSchema });

/** POST /login, POST /trial/register, POST /create-merchant, POST /checkout/ticket-sign-in: a new session. */
export const loginResponseSchema = z.looseObject({
  user: userResponseSchema,
  access_token: z.string(),
  expires_at: z.string(),
  message,
  expires_in: z.number(),
  role_names: z.array(roleName),
  role_names_expires_in: z.number(),
});
export type LoginResult = z.infer<typeof loginResponseSchema>;

const otpDataSchema = z.looseObject({
  email: z.string(),
  mobile_attempts_left: z.number().int(),
  mobile_verify_code_sent_at: unixSeconds.nullable(),
  seconds_of_validation: z.number(),
  mobile_last_attempt_date: unixSeconds.nullable(),
  attempts_ban_seconds: z.number(),
});

/** POST /erpCheckOTPStatus: whether a code was sent, or the user may skip it. */
export const otpStatusResponseSchema = z.looseObject({
  success: z.boolean(),
  skip_otp: z.boolean(),
  message,
  otp_data: otpDataSchema.nullable(),
  out_off_credit_store: z.array(z.string()),
  /** The mail server did not take the code yet: it is queued and retried (the code screen says so). */
  mail_delayed: z.boolean().optional(),
});
export type OtpStatusResult = z.infer<typeof otpStatusResponseSchema>;

/** POST /erpSubmitOTP. */
export const otpSubmitResponseSchema = z.looseObject({ success: z.boolean(), message, otp_data: otpDataSchema });
export type OtpSubmitResult = z.infer<typeof otpSubmitResponseSchema>;

/** GET /logout, POST /forgot-password, POST /forgot-password/change, PATCH /signup/activate/{token}. */
export const successMessageResponseSchema = z.looseObject({ success: z.boolean(), message });
export type MessageResult = z.infer<typeof successMessageResponseSchema>;
export type LogoutResult = MessageResult;

// ---------------------------------------------------------------------------------------------------------
// Reference lists

/** A list entry's `translations`: its name in the other languages (issue 31 #5); the page shows the one of its language. */
export const listTranslationsSchema = z.partialRecord(z.enum(['ms', 'zh', 'zhtw', 'th']), z.string());
const listTranslations = listTranslationsSchema.optional();

/** A market's country; `translations` are its name in the other languages (issue 30: the page asks the browser for none). */
const countrySchema = z.looseObject({ id: z.number().int(), name: z.string(), dial_code: z.string(), iso_code: z.string(), translations: listTranslations });

/** GET /countries: the markets' countries inside `{ data }` (a bare list is read the same way). */
export const countriesResponseSchema = z.union([z.array(countrySchema), z.looseObject({ data: z.array(countrySchema) })]);
/** GET /countries/{id}/states. */
export const statesResponseSchema = z.looseObject({ data: z.looseObject({ states: z.array(z.looseObject({ id: z.number().int(), name: z.string(), translations: listTranslations })) }) });

/** GET /countries/getPhoneCode. */
export const phoneCodeSchema = countrySchema.extend({ phone_code: z.string() });
export type PhoneCode = z.infer<typeof phoneCodeSchema>;
export const phoneCodesResponseSchema = z.looseObject({ data: z.array(phoneCodeSchema) });

const bannerSchema = z.looseObject({
  banner_type: z.number().int(),
  images_details: z.array(z.looseObject({ banner_image: z.string(), background_image: z.string(), link: z.string().nullable() })),
});
/** GET /login-banner, GET /signup-banner. */
export const bannerResponseSchema = z.looseObject({ data: bannerSchema.nullable() });

/** GET /ip-country. */
export const ipCountrySchema = z.looseObject({ country: z.string(), locale: z.string() });
export type IpCountry = z.infer<typeof ipCountrySchema>;
export const ipCountryResponseSchema = z.looseObject({ data: ipCountrySchema });

const namedIdSchema = z.looseObject({ id: z.number().int(), name: z.string() });
export type ShopCategory = z.infer<typeof namedIdSchema>;
export type Industry = z.infer<typeof namedIdSchema>;
/** GET /shop-category. */
export const shopCategoriesResponseSchema = z.looseObject({ data: z.array(namedIdSchema.extend({ translations: listTranslations })) });

/** GET /trial/getSettings: what the trial sign-up form offers. */
export const trialSettingsSchema = z.looseObject({
  languages: z.array(z.looseObject({ languageId: z.number().int(), locale: z.string(), name: z.string(), icon: z.string().nullable() })),
  /** Each country with the currency its market sells in: the sign-up form derives the store's currency from it. */
  countries: z.array(countrySchema.extend({ currency_code: z.string() })),
  industries: z.array(namedIdSchema.extend({ translations: listTranslations })),
  currencies: z.array(z.looseObject({ code: z.string(), symbol_left: z.string(), decimal_places: z.number().int(), name: z.string().optional() })),
});
export type TrialSettings = z.infer<typeof trialSettingsSchema>;
export const trialSettingsResponseSchema = z.looseObject({ data: trialSettingsSchema });

// ---------------------------------------------------------------------------------------------------------
// Single-use links and trial sign-up

/** GET /forgot-password/token/{token}. */
export const resetTokenInfoSchema = z.looseObject({ email: z.string(), forgot_password_token: z.string() });
export type ResetTokenInfo = z.infer<typeof resetTokenInfoSchema>;
export const resetTokenResponseSchema = z.looseObject({ data: resetTokenInfoSchema });

/** GET /contact-change/{token}: what a "your e-mail or phone was changed" link reports (issue 26). */
export const contactChangeInfoSchema = z.looseObject({
  email_changed: z.boolean(),
  phone_changed: z.boolean(),
  changed_by: z.enum(['user', 'staff']),
  changed_at: z.number().int(),
});
export type ContactChangeInfo = z.infer<typeof contactChangeInfoSchema>;
export const contactChangeResponseSchema = z.looseObject({ data: contactChangeInfoSchema });
/** POST /contact-change/{token}/report: whether the old e-mail and phone were restored. */
export const contactChangeReportResponseSchema = z.looseObject({ data: z.looseObject({ restored: z.boolean() }) });
export type ContactChangeReport = z.infer<typeof contactChangeReportResponseSchema>['data'];

/** GET /create-merchant/{token}: who the merchant wizard's link was sent to. */
export const wizardTokenInfoSchema = z.looseObject({ email: z.string(), firstname: z.string(), lastname: z.string() });
export type WizardTokenInfo = z.infer<typeof wizardTokenInfoSchema>;
export const wizardTokenResponseSchema = z.looseObject({ data: wizardTokenInfoSchema });

/** POST /trial/verifyEmail. */
export const trialEmailResponseSchema = z.looseObject({ valid: z.boolean(), message });
/** POST /trial/verify. */
export const trialVerifyResponseSchema = z.looseObject({ valid: z.literal(true), found: z.looseObject({ nextOTP: z.number() }), message });
export type TrialVerifyResult = z.infer<typeof trialVerifyResponseSchema>;
/** POST /trial/resendOTP. */
export const trialOtpSentResponseSchema = z.looseObject({ success: z.literal(true), nextOTP: z.number(), message });
export type TrialOtpSent = z.infer<typeof trialOtpSentResponseSchema>;
/** POST /trial/verifyOTP. */
export const trialOtpVerifiedResponseSchema = z.looseObject({ success: z.literal(true), verified: z.literal(true), message });
export type TrialOtpVerified = z.infer<typeof trialOtpVerifiedResponseSchema>;
