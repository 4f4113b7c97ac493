import type { LoginResponse, OtpData, RoleName } from '@merchant-hub/domain';
import type { LoginRequestOutput, OtpStatusRequestOutput, OtpSubmitOutput } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { hashPassword, newOpaqueToken, verifyPassword } from '../../security/crypto';
import { findUserByEmail, findUserById, outOfCreditStoreNames, rememberLocale, roleNamesOf, toUserDto, type UserRecord } from '../accounts';
import { mailDateTime, mailText, type SendResult } from '../notifications';
import { createOneTimeCodes, OTP_VALIDITY_SECONDS } from './one-time-code.service';
import { createSessions } from '../sessions';

/** Clients keep role names for 2 hours before asking again (spec §6). */
export const ROLE_NAMES_TTL_SECONDS = 2 * 60 * 60;

// Unknown e-mails are checked against a throw-away hash of the same cost, so timing does not reveal which
// accounts exist.
const decoyHashes = new Map<number, Promise<string>>();
const decoyHash = (cost: number): Promise<string> => {
  let hash = decoyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(newOpaqueToken(), cost);
    decoyHashes.set(cost, hash);
  }
  return hash;
};

export type RequestMeta = { ip: string | null; userAgent: string | null };

export type OtpStatusResponse = {
  success: true;
  skip_otp: boolean;
  message: string;
  otp_data: OtpData | null;
  out_off_credit_store: string[];
  /** Present (true) when the mail server did not take the code: it waits in the outbox and is retried. */
  mail_delayed?: true;
};

export type LoginResult = LoginResponse & { role_names: RoleName[]; role_names_expires_in: number };

/** Spec §6: no roles, chat_store_staff alone, or the legacy `user` role cannot sign in. */
export const loginAllowedFor = (roles: readonly RoleName[]): boolean =>
  roles.length > 0 && !roles.includes('user') && roles.some((role) => role !== 'chat_store_staff');

export const createAuthService = (deps: AppDeps) => {
  const codes = createOneTimeCodes({ db: deps.db, clock: deps.clock, secret: deps.config.sessionSecret });
  const sessions = createSessions(deps);

  const checkCredentials = async (email: string, password: string): Promise<{ user: UserRecord; roles: RoleName[] }> => {
    const user = await findUserByEmail(deps.db, email);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash(deps.config.scryptCost)));
    if (!user || !valid) throw new AppError('invalid_credentials');
    const roles = await roleNamesOf(deps.db, user.id);
    if (!loginAllowedFor(roles)) throw new AppError('login_refused');
    // A deactivated staff account (team module) is told so, not asked to activate.
    if (user.status === 'deactivated') throw new AppError('account_deactivated');
    if (user.status !== 'active') throw new AppError('account_not_activated');
    return { user, roles };
  };

  const assertStoresHaveCredit = async (user: UserRecord): Promise<void> => {
    const stores = await outOfCreditStoreNames(deps.db, user.id);
    if (stores.length === 0) return;
    const extraInfo = stores.join(', ');
    throw new AppError('out_of_credit', {
      message: `One of the store(s) is out of store credit ${extraInfo}. Contact store owner or support for further assistant`,
      details: { extra_info: extraInfo },
      extra: { extra_info: extraInfo, out_off_credit_store: stores },
    });
  };

  /** Password check, then send (or keep) the sign-in code; also the "resend" of the code screen. */
  const checkOtpStatus = async (input: OtpStatusRequestOutput): Promise<OtpStatusResponse> => {
    const { user } = await checkCredentials(input.email, input.password);
    await assertStoresHaveCredit(user);
    // The code goes out in the language of the page the merchant is signing in from.
    user.locale = await rememberLocale(deps.db, user, input.locale);
    if (user.skipOtp) return { success: true, skip_otp: true, message: 'OTP not required', otp_data: null, out_off_credit_store: [] };
    const issued = await codes.issue('login', user.email, user.id);
    const otpData = codes.otpData(user.email, issued.state);
    if (issued.outcome === 'banned') throw new AppError('otp_banned', { extra: { otp_data: otpData } });
    let delivery: SendResult = undefined;
    if (issued.outcome === 'sent') {
      const mail = mailText(user.locale, 'loginCode', { code: issued.code, minutes: OTP_VALIDITY_SECONDS / 60 });
      delivery = await deps.notifier.send({ channel: 'email', to: user.email, ...mail, kind: 'login_code' });
    }
    return {
      success: true,
      skip_otp: false,
      message: issued.outcome === 'sent' ? 'OTP sent' : 'OTP already sent',
      otp_data: otpData,
      out_off_credit_store: [],
      ...(delivery?.delayed ? { mail_delayed: true as const } : {}),
    };
  };

  const submitOtp = async (input: OtpSubmitOutput): Promise<{ success: true; message: string; otp_data: OtpData }> => {
    const email = input.email.trim().toLowerCase();
    const result = await codes.verify('login', email, input.code);
    const otpData = codes.otpData(email, result.state);
    switch (result.outcome) {
      case 'verified':
        return { success: true, message: 'OTP verified', otp_data: otpData };
      case 'banned':
        throw new AppError('otp_banned', { extra: { otp_data: otpData } });
      case 'expired':
      case 'missing':
        throw new AppError('otp_expired', { extra: { otp_data: otpData } });
      case 'invalid':
        throw new AppError('otp_invalid', { extra: { otp_data: otpData } });
    }
  };

  const login = async (input: LoginRequestOutput, meta: RequestMeta): Promise<{ body: LoginResult; token: string; expiresAt: Date }> => {
    const { user, roles } = await checkCredentials(input.email, input.password);
    await assertStoresHaveCredit(user);
    if (!user.skipOtp && !(await codes.consumeVerified('login', user.email))) throw new AppError('otp_required');
    user.locale = await rememberLocale(deps.db, user, input.locale);
    return startSession(user, roles, meta, input.sendLoginInfoEmail === true);
  };

  /** Also used after sign-up, the merchant wizard and checkout tickets: the one way a session begins. */
  const startSession = async (user: UserRecord, roles: RoleName[], meta: RequestMeta, notify = false) => {
    const { token, expiresAt } = await sessions.create(user.id, meta);
    const now = deps.clock.now();
    if (notify) {
      const mail = mailText(user.locale, 'loginNotice', { at: mailDateTime(user.locale, now), link: `${deps.config.publicUrl}/forgot-password` });
      await deps.notifier.send({ channel: 'email', to: user.email, ...mail, kind: 'login_notice' });
    }
    const body: LoginResult = {
      user: await toUserDto(deps.db, user),
      access_token: token,
      expires_at: expiresAt.toISOString(),
      message: 'Success, Logging you in!',
      expires_in: Math.round((expiresAt.getTime() - now.getTime()) / 1000),
      role_names: roles,
      role_names_expires_in: ROLE_NAMES_TTL_SECONDS,
    };
    return { body, token, expiresAt };
  };

  /** The signed-in user as the client shows it. */
  const currentUser = async (userId: number) => {
    const user = await findUserById(deps.db, userId);
    if (!user) throw new AppError('unauthenticated');
    return { data: await toUserDto(deps.db, user) };
  };

  return { checkOtpStatus, submitOtp, login, startSession, currentUser, logout: (token: string) => sessions.revoke(token) };
};

export type AuthService = ReturnType<typeof createAuthService>;
