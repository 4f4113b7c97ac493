import type { MerchantWizardOutput, RegistrationOutput, TrialVerifyRequestOutput } from '@merchant-hub/validation';
import { addSeconds, unixSeconds } from '../../clock';
import type { AppDeps } from '../../app-deps';
import { asDateOrNull } from '../../db/knex';
import { AppError } from '../../http/errors';
import { hashPassword, newOpaqueToken, sha256Hex } from '../../security/crypto';
import { findUserByEmail, findUserByPhone, insertMerchantWithStore, insertUser, storeEmailTaken, storeNameTaken } from '../accounts';
import { normalizePhone } from '../accounts';
import { consumeToken, issueUserToken, peekToken, TOKEN_TTL_SECONDS } from '../accounts';
import { createAuthService, type LoginResult, type RequestMeta } from '../auth';
import { createOneTimeCodes, OTP_RESEND_COOLDOWN_SECONDS, OTP_VALIDITY_SECONDS } from '../auth';
import { currencyExists, findCountry, findLanguage, findState, industryExists, shopCategoryExists } from '../lists';
import { inTransaction } from '../../db/rows';
import { findRegistration as findRegistrationRow, insertMerchantCreationToken, markRegistrationCompleted, markRegistrationVerified, saveRegistration } from './signup.repository';
import { mailText, smsText } from '../notifications';
import { writeAudit } from '../audit';

/** Server-side registration messages of spec §8, by the key the clients translate. */
export const REGISTRATION_MESSAGES = {
  'errors:register.emailExists': 'Email already exists',
  'errors:register.storeNameExists': 'Store name already exists',
  'errors:register.storeEmailExists': 'Store email already exists',
  'errors:register.phoneExists': 'Phone number already exists',
  'errors:register.phoneInvalid': 'Phone number is invalid',
  'validation:registration.industryInvalid': 'Selected industry does not exist',
  'validation:registration.currencyInvalid': 'Selected currency is invalid',
  'validation:registration.currencyMarketMismatch': "The currency must be the store country's currency",
  'validation:registration.languageInvalid': 'Selected language does not exist',
  'validation:registration.countryInvalid': 'Selected country is invalid',
  'validation:registration.stateInvalid': 'Selected state is invalid',
  'validation:wizard.regionRequired': 'Selected state is invalid',
  'validation:wizard.countryRequired': 'Selected country is invalid',
  'validation:common.invalidInput': 'The submitted data is not valid',
} as const;
type RegistrationKey = keyof typeof REGISTRATION_MESSAGES;

/** Field path → key, answered as 422 with both the keys (details.fields) and the legacy `errors` map. */
const registrationFailure = (fields: Partial<Record<string, RegistrationKey>>, legacy: Record<string, string> = {}): AppError => {
  const errors: Record<string, string[]> = {};
  for (const [field, key] of Object.entries(fields)) if (key) errors[field] = [REGISTRATION_MESSAGES[key]];
  return new AppError('registration_invalid', { details: { fields }, extra: { valid: false, errors, ...legacy } });
};

export const createSignupService = (deps: AppDeps) => {
  const { db, clock, config, notifier } = deps;
  const codes = createOneTimeCodes({ db, clock, secret: config.sessionSecret });
  const auth = createAuthService(deps);

  const findRegistration = (email: string) => findRegistrationRow(db, email);

  const nextOtpAt = (sentAt: Date | null): number => unixSeconds(addSeconds(sentAt ?? clock.now(), OTP_RESEND_COOLDOWN_SECONDS));

  const sendTrialCode = async (email: string, mobile: string, strict: boolean, locale: string | undefined): Promise<{ nextOTP: number; sent: boolean }> => {
    const issued = await codes.issue('trial', email, null);
    if (issued.outcome === 'banned') throw new AppError('trial_attempt_limit', { extra: { error_code: 'attempt_limit' } });
    if (issued.outcome === 'cooldown') {
      if (strict) throw new AppError('trial_resend_too_soon', { extra: { nextOTP: nextOtpAt(issued.state.sentAt) } });
      return { nextOTP: nextOtpAt(issued.state.sentAt), sent: false };
    }
    // In the sign-up page's language (English when it says none).
    await notifier.send({ channel: 'sms', to: mobile, text: smsText(locale, 'trialCode', { code: issued.code, minutes: OTP_VALIDITY_SECONDS / 60 }), kind: 'trial_code' });
    return { nextOTP: nextOtpAt(issued.state.sentAt), sent: true };
  };

  const verifyEmail = async (email: string): Promise<void> => {
    if (await findUserByEmail(db, email)) throw new AppError('email_taken', { extra: { valid: false, error_code: 'email_exists' } });
  };

  /** Server check of the first form; on success a code goes to the mobile number. */
  const verify = async (input: TrialVerifyRequestOutput): Promise<{ valid: true; found: { nextOTP: number }; message: string }> => {
    const email = input.email.toLowerCase();
    const mobile = normalizePhone(input.mobile_no) as string;
    const fields: Partial<Record<string, RegistrationKey>> = {};
    if (await findUserByEmail(db, email)) fields.email = 'errors:register.emailExists';
    if (await findUserByPhone(db, mobile)) fields.mobile_no = 'errors:register.phoneExists';
    if (await storeNameTaken(db, input.storeName)) fields.storeName = 'errors:register.storeNameExists';
    if (Object.keys(fields).length > 0) throw registrationFailure(fields);
    const now = clock.now();
    const row = {
      first_name: input.firstName,
      last_name: input.lastName,
      mobile_no: mobile,
      line_id: input.lineId,
      store_name: input.storeName,
      password_hash: await hashPassword(input.password, config.scryptCost),
      verified_at: null,
      completed_at: null,
      updated_at: now,
    };
    const existing = await findRegistration(email);
    await saveRegistration(db, existing ? existing.id : null, row, email, now);
    const { nextOTP } = await sendTrialCode(email, mobile, false, input.locale);
    return { valid: true, found: { nextOTP }, message: 'OTP sent' };
  };

  const sendOtp = async (email: string, strict: boolean, locale?: string): Promise<{ success: true; nextOTP: number; message: string }> => {
    const registration = await findRegistration(email);
    if (!registration) throw new AppError('registration_not_found', { extra: { error_code: 'error_data' } });
    const { nextOTP, sent } = await sendTrialCode(registration.email, String(registration.mobile_no), strict, locale);
    return { success: true, nextOTP, message: sent ? 'OTP sent' : 'OTP already sent' };
  };

  const verifyOtp = async (email: string, otp: string): Promise<{ success: true; verified: true; message: string }> => {
    const registration = await findRegistration(email);
    if (!registration) throw new AppError('registration_not_found', { extra: { error_code: 'error_data' } });
    if (await findUserByEmail(db, email)) throw new AppError('email_taken', { extra: { error_code: 'email_exists' } });
    const result = await codes.verify('trial', registration.email, otp);
    const attemptsLeft = result.state?.attemptsLeft ?? 0;
    switch (result.outcome) {
      case 'verified':
        await markRegistrationVerified(db, registration.id, clock.now());
        return { success: true, verified: true, message: 'Mobile number verified' };
      case 'banned':
        throw new AppError('trial_attempt_limit', { extra: { error_code: 'attempt_limit', attempts_left: 0 } });
      case 'expired':
      case 'missing':
        throw new AppError('trial_code_expired', { extra: { error_code: 'expired', attempts_left: attemptsLeft } });
      case 'invalid':
        throw new AppError('trial_code_invalid', { extra: { error_code: 'otp_error', attempts_left: attemptsLeft } });
    }
  };

  type StoreChecks = { countryId: number; stateId: number; currency: string; locale: string };

  /** Account and store: shape was checked by the schema; existence and uniqueness are checked here. */
  const register = async (input: RegistrationOutput, meta: RequestMeta): Promise<LoginResult> => {
    const email = input.account.email.toLowerCase();
    const mobile = normalizePhone(input.account.mobile_no) as string;
    const registration = await findRegistration(email);
    if (!registration || !asDateOrNull(registration.verified_at) || registration.completed_at) {
      throw new AppError('registration_not_found', { extra: { error_code: 'error_data' } });
    }
    const fields: Partial<Record<string, RegistrationKey>> = {};
    if (await findUserByEmail(db, email)) fields['account.email'] = 'errors:register.emailExists';
    if (mobile !== registration.mobile_no) fields['account.mobile_no'] = 'errors:register.phoneInvalid';
    else if (await findUserByPhone(db, mobile)) fields['account.mobile_no'] = 'errors:register.phoneExists';
    const { store } = input;
    if (await storeNameTaken(db, store.store_name)) fields['store.store_name'] = 'errors:register.storeNameExists';
    if (await storeEmailTaken(db, store.store_email)) fields['store.store_email'] = 'errors:register.storeEmailExists';
    if (!(await industryExists(db, store.industry))) fields['store.industry'] = 'validation:registration.industryInvalid';
    if (store.currency !== undefined && !(await currencyExists(db, store.currency))) fields['store.currency'] = 'validation:registration.currencyInvalid';
    const language = await findLanguage(db, store.language);
    if (!language) fields['store.language'] = 'validation:registration.languageInvalid';
    const country = await findCountry(db, store.country);
    if (!country) fields['store.country'] = 'validation:registration.countryInvalid';
    // The market decides the currency: a Taiwan store priced in MYR could buy none of Taiwan's plans.
    else if (store.currency !== undefined && !fields['store.currency'] && store.currency !== country.currency_code) {
      fields['store.currency'] = 'validation:registration.currencyMarketMismatch';
    }
    const state = country ? await findState(db, country.id, store.state) : undefined;
    if (!state) fields['store.state'] = 'validation:registration.stateInvalid';
    if (Object.keys(fields).length > 0 || !country || !state || !language) throw registrationFailure(fields);
    const checks: StoreChecks = { countryId: country.id, stateId: state.id, currency: country.currency_code, locale: language.locale };

    const now = clock.now();
    const passwordHash = await hashPassword(input.account.password, config.scryptCost);
    const { userId, activationToken } = await inTransaction(db, async (trx) => {
      const id = await insertUser(trx, {
        name: `${input.account.first_name} ${input.account.last_name}`,
        firstName: input.account.first_name,
        lastName: input.account.last_name,
        email,
        passwordHash,
        phone: mobile,
        lineId: input.account.line_id,
        locale: checks.locale,
        countryId: checks.countryId,
        status: 'active',
        emailVerifiedAt: null,
        roles: ['main_user'],
        now,
      });
      await insertMerchantWithStore(trx, {
        ownerUserId: id,
        merchantName: store.store_name,
        countryId: checks.countryId,
        currencyCode: checks.currency,
        store: {
          name: store.store_name,
          email: store.store_email,
          ownerName: `${input.account.first_name} ${input.account.last_name}`,
          telephone: mobile,
          fax: null,
          address1: store.address1,
          address2: store.address2 ?? null,
          city: store.city,
          zip: store.zip,
          countryId: checks.countryId,
          stateId: checks.stateId,
          industryId: store.industry,
          shopCategoryId: null,
          languageLocale: checks.locale,
          image: null,
        },
        now,
      });
      await markRegistrationCompleted(trx, registration.id, now);
      return { userId: id, activationToken: await issueUserToken(trx, 'activation_tokens', id, now) };
    });
    // In the store language the merchant chose when registering (stored as their language).
    const welcome = mailText(checks.locale, 'signupWelcome', { link: `${config.publicUrl}/signin?evt=${activationToken}` });
    await notifier.send({ channel: 'email', to: email, ...welcome, kind: 'welcome' });
    const user = await findUserByEmail(db, email);
    if (!user || user.id !== userId) throw new AppError('internal_error');
    const { body } = await auth.startSession(user, ['main_user'], meta);
    return { ...body, message: 'Registration successful' };
  };

  // ------------------------------------------------------------------------------------------------------
  // Merchant-creation wizard

  /** Issues a single-use wizard link and e-mails it; the checkout flow and staff both use this. */
  /** A staff member e-mails a merchant-creation link: audited with who sent it to whom (refused too). */
  const inviteMerchant = async (input: { email: string; firstname: string; lastname: string; locale?: string }, actor: { userId: number; role: 'support' | 'superadmin'; ip: string | null }): Promise<void> => {
    const email = input.email.trim().toLowerCase();
    const now = clock.now();
    const entry = { actorUserId: actor.userId, actorRole: actor.role, merchantId: null, action: 'merchant.invited', ip: actor.ip, at: unixSeconds(now), details: { email, firstname: input.firstname, lastname: input.lastname } };
    if (await findUserByEmail(db, email)) {
      await writeAudit(db, { ...entry, outcome: 'refused', errorCode: 'email_taken' });
      throw new AppError('email_taken');
    }
    const token = newOpaqueToken();
    await inTransaction(db, async (trx) => {
      await insertMerchantCreationToken(trx, { email, firstName: input.firstname, lastName: input.lastname, tokenHash: sha256Hex(token), createdBy: actor.userId, createdAt: now, expiresAt: addSeconds(now, TOKEN_TTL_SECONDS.merchant_creation_tokens) });
      await writeAudit(trx, entry);
    });
    const invite = mailText(input.locale, 'merchantInvite', { name: input.firstname, link: `${config.publicUrl}/confirm/${token}` });
    await notifier.send({ channel: 'email', to: email, ...invite, kind: 'merchant_invite' });
  };

  const describeWizardToken = async (token: string): Promise<{ email: string; firstname: string; lastname: string }> => {
    const row = await peekToken(db, 'merchant_creation_tokens', token, clock.now());
    return { email: String(row.email), firstname: String(row.first_name), lastname: String(row.last_name) };
  };

  const createMerchant = async (
    token: string,
    input: MerchantWizardOutput,
    /** Writes the uploads; called only once every check passed, so a refused request leaves no files. */
    saveImages: () => Promise<{ storeImage: string; merchantImage: string | null }>,
    meta: RequestMeta,
  ): Promise<LoginResult> => {
    const now = clock.now();
    const tokenRow = await peekToken(db, 'merchant_creation_tokens', token, now);
    const email = String(tokenRow.email);
    const fields: Partial<Record<string, RegistrationKey>> = {};
    if (await findUserByEmail(db, email)) fields.email = 'errors:register.emailExists';
    if (await storeNameTaken(db, input.store_name)) fields.store_name = 'errors:register.storeNameExists';
    if (await storeEmailTaken(db, input.store_email)) fields.store_email = 'errors:register.storeEmailExists';
    const country = await findCountry(db, input.country);
    if (!country) fields.country = 'validation:wizard.countryRequired';
    const state = country ? await findState(db, country.id, input.state_or_region) : undefined;
    if (!state) fields.state_or_region = 'validation:wizard.regionRequired';
    const categoryId = input.shop_category === null || input.shop_category === undefined || input.shop_category === '' ? null : Number(input.shop_category);
    if (categoryId !== null && (!Number.isInteger(categoryId) || !(await shopCategoryExists(db, categoryId)))) fields.shop_category = 'validation:common.invalidInput';
    if (Object.keys(fields).length > 0 || !country || !state) throw registrationFailure(fields);

    const passwordHash = await hashPassword(input.password, config.scryptCost);
    const images = await saveImages();
    await inTransaction(db, async (trx) => {
      await consumeToken(trx, 'merchant_creation_tokens', token, now);
      const userId = await insertUser(trx, {
        name: `${input.firstname} ${input.lastname}`,
        firstName: input.firstname,
        lastName: input.lastname,
        email,
        passwordHash,
        phone: null,
        lineId: null,
        locale: country.default_locale,
        countryId: country.id,
        status: 'active',
        // The link reached this inbox, which proves the address.
        emailVerifiedAt: now,
        image: images.merchantImage,
        roles: ['main_user'],
        now,
      });
      await insertMerchantWithStore(trx, {
        ownerUserId: userId,
        merchantName: input.store_name,
        countryId: country.id,
        currencyCode: country.currency_code,
        merchantImage: images.merchantImage,
        store: {
          name: input.store_name,
          email: input.store_email,
          ownerName: input.store_owner,
          telephone: input.telephone,
          fax: input.fax ?? null,
          address1: input.address,
          address2: null,
          city: null,
          zip: null,
          countryId: country.id,
          stateId: state.id,
          industryId: null,
          shopCategoryId: categoryId,
          languageLocale: country.default_locale,
          image: images.storeImage,
        },
        now,
      });
    });
    const user = await findUserByEmail(db, email);
    if (!user) throw new AppError('merchant_creation_failed');
    const { body } = await auth.startSession(user, ['main_user'], meta);
    return { ...body, message: 'Registration successful' };
  };

  return { verifyEmail, verify, sendOtp, verifyOtp, register, inviteMerchant, describeWizardToken, createMerchant };
};
