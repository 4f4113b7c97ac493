import type { User } from '@merchant-hub/domain';
import type { ForgotPasswordOutput, ResetPasswordOutput, UpdateUserOutput } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { hashPassword } from '../../security/crypto';
import { createSessions } from '../sessions';
import { mailText } from '../notifications';
import { findUserByEmail, findUserById, findUserByPhone, rememberLocale, toUserDto, updateUser, type UserRecord } from './accounts.repository';
import { consumeToken, issueUserToken, peekToken, TOKEN_TTL_SECONDS } from './tokens.repository';
import { inTransaction } from '../../db/rows';

/** '+60 12-345 6789' → '+60123456789'; blank → null. */
export const normalizePhone = (phone: string | null | undefined): string | null => {
  if (phone === null || phone === undefined) return null;
  const digits = phone.replace(/\D/g, '');
  return digits === '' ? null : `+${digits}`;
};

export const createAccountsService = (deps: AppDeps) => {
  const { db, clock, config, notifier } = deps;
  const sessions = createSessions(deps);

  const requireUser = async (id: number): Promise<UserRecord> => {
    const user = await findUserById(db, id);
    if (!user) throw new AppError('not_found');
    return user;
  };

  const getUser = async (id: number): Promise<User> => toUserDto(db, await requireUser(id));

  const updateProfile = async (id: number, input: UpdateUserOutput): Promise<User> => {
    const user = await requireUser(id);
    const email = input.email.trim().toLowerCase();
    const phone = normalizePhone(input.phone);
    if (email !== user.email && (await findUserByEmail(db, email))) {
      throw new AppError('email_taken', { message: 'Email already exists', details: { fields: { email: 'errors:register.emailExists' } } });
    }
    if (phone && phone !== user.phone) {
      const owner = await findUserByPhone(db, phone);
      if (owner && owner.id !== id) throw new AppError('phone_taken', { details: { fields: { phone: 'errors:register.phoneExists' } } });
    }
    await updateUser(
      db,
      id,
      {
        name: input.name,
        email,
        phone,
        ...(input.image !== undefined ? { image: input.image } : {}),
        ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
        // A changed e-mail has to be verified again.
        ...(email !== user.email ? { email_verified_at: null } : {}),
      },
      clock.now(),
    );
    await rememberLocale(db, user, input.locale);
    return getUser(id);
  };

  const setAvatar = async (id: number, relativePath: string, url: string): Promise<User> => {
    await requireUser(id);
    await updateUser(db, id, { image: relativePath, image_url: url }, clock.now());
    return getUser(id);
  };

  /** Same answer whether or not the address has an account, so the form cannot be used to find accounts. */
  const requestPasswordReset = async (input: ForgotPasswordOutput): Promise<void> => {
    const user = await findUserByEmail(db, input.email);
    if (!user) return;
    const token = await issueUserToken(db, 'password_reset_tokens', user.id, clock.now());
    try {
      const mail = mailText(user.locale, 'passwordReset', { minutes: TOKEN_TTL_SECONDS.password_reset_tokens / 60, link: `${config.publicUrl}/reset-password/${token}` });
      await notifier.send({ channel: 'email', to: user.email, ...mail, kind: 'password_reset' });
    } catch {
      throw new AppError('fail_to_send_email');
    }
  };

  const describeResetToken = async (token: string): Promise<{ email: string; forgot_password_token: string }> => {
    const row = await peekToken(db, 'password_reset_tokens', token, clock.now());
    const user = await requireUser(Number(row.user_id));
    return { email: user.email, forgot_password_token: token };
  };

  const resetPassword = async (input: ResetPasswordOutput): Promise<void> => {
    const now = clock.now();
    const row = await peekToken(db, 'password_reset_tokens', input.forgot_password_token, now);
    const user = await requireUser(Number(row.user_id));
    if (user.email !== input.email.trim().toLowerCase()) throw new AppError('token_invalid');
    const passwordHash = await hashPassword(input.password, config.scryptCost);
    await inTransaction(db, async (trx) => {
      await consumeToken(trx, 'password_reset_tokens', input.forgot_password_token, now);
      await updateUser(trx, user.id, { password_hash: passwordHash }, now);
    });
    // Whoever knew the old password is signed out everywhere.
    await sessions.revokeAllOf(user.id);
    await notifier.send({ channel: 'email', to: user.email, ...mailText(user.locale, 'passwordChanged'), kind: 'password_changed' });
  };

  const activate = async (token: string): Promise<void> => {
    const now = clock.now();
    await inTransaction(db, async (trx) => {
      const row = await consumeToken(trx, 'activation_tokens', token, now);
      await updateUser(trx, Number(row.user_id), { status: 'active', email_verified_at: now }, now);
    });
  };

  return { getUser, updateProfile, setAvatar, requestPasswordReset, describeResetToken, resetPassword, activate };
};
