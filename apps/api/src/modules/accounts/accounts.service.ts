import { STAFF_ROLES, type User } from '@merchant-hub/domain';
import type { ForgotPasswordOutput, ResetPasswordOutput, UpdateUserOutput } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { hashPassword } from '../../security/crypto';
import { createSessions } from '../sessions';
import { contactWord, mailText } from '../notifications';
import { findUserByEmail, findUserById, findUserByPhone, rememberLocale, roleNamesOf, toUserDto, updateUser, type UserRecord } from './accounts.repository';
import { consumeToken, issueUserToken, peekToken, TOKEN_TTL_SECONDS } from './tokens.repository';
import { inTransaction } from '../../db/rows';
import { writeAudit } from '../audit';
import { consumeContactChange, insertContactChange, merchantIdOfUser, peekContactChange, spendOpenResetLinks, type ContactChange } from './contact-changes.repository';

/** A staff member changing a merchant's profile: who, and the reason the audit log and the merchant see. */
export type StaffProfileEdit = { actor: { userId: number; role: 'support' | 'superadmin'; ip: string | null }; reason: string };

/** The profile fields an audit entry shows before and after (only those that changed). */
const AUDITED_FIELDS = ['name', 'email', 'phone', 'image_url'] as const;

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

  /** Whether the user is staff (support or superadmin, whatever their status) or not; not_found when unknown. */
  const accountKind = async (id: number): Promise<'staff' | 'other'> => {
    await requireUser(id);
    const roles = await roleNamesOf(db, id);
    return roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role)) ? 'staff' : 'other';
  };

  /**
   * Tells the address a change replaced, with a link to report it: a changed e-mail would otherwise route the
   * next password reset to whoever changed it (issue 26). Sent after the change committed.
   */
  const noticeContactChange = async (user: UserRecord, change: ContactChange, token: string, byStaff: boolean): Promise<void> => {
    const what = change.oldEmail !== change.newEmail ? (change.oldPhone !== change.newPhone ? 'emailAndPhone' : 'email') : 'phone';
    const mail = mailText(user.locale, byStaff ? 'contactChangedByStaff' : 'contactChanged', { what: contactWord(user.locale, what), link: `${config.publicUrl}/report-change/${token}` });
    await notifier.send({ channel: 'email', to: change.oldEmail, ...mail, kind: 'contact_changed' });
  };

  const updateProfile = async (id: number, input: UpdateUserOutput, staffEdit?: StaffProfileEdit): Promise<User> => {
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
    const changes = {
      name: input.name,
      email,
      phone,
      ...(input.image !== undefined ? { image: input.image } : {}),
      ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
      // A changed e-mail has to be verified again.
      ...(email !== user.email ? { email_verified_at: null } : {}),
    };
    const now = clock.now();
    const contact: ContactChange | null =
      email !== user.email || phone !== user.phone ? { userId: id, oldEmail: user.email, newEmail: email, oldPhone: user.phone, newPhone: phone, changedByUserId: staffEdit?.actor.userId ?? null } : null;
    const token = await inTransaction(db, async (trx) => {
      await updateUser(trx, id, changes, now);
      if (staffEdit) await auditStaffEdit(trx, staffEdit, user, changes, 'merchant.profile_updated', now);
      return contact ? insertContactChange(trx, contact, now) : null;
    });
    // The merchant's language is theirs: a staff member's console language does not replace it.
    if (!staffEdit) await rememberLocale(db, user, input.locale);
    if (contact && token) await noticeContactChange(user, contact, token, staffEdit !== undefined);
    return getUser(id);
  };

  /** A staff change of a merchant's profile, in the change's transaction: both identities, the reason, what changed. */
  const auditStaffEdit = async (trx: Knex.Transaction, edit: StaffProfileEdit, user: UserRecord, changes: Partial<Record<(typeof AUDITED_FIELDS)[number], string | null>>, action: string, now: Date): Promise<void> => {
    const current: Record<(typeof AUDITED_FIELDS)[number], string | null> = { name: user.name, email: user.email, phone: user.phone, image_url: user.imageUrl };
    const changed = AUDITED_FIELDS.filter((field) => field in changes && changes[field] !== current[field]);
    await writeAudit(trx, {
      actorUserId: edit.actor.userId,
      actorRole: edit.actor.role,
      merchantId: await merchantIdOfUser(trx, user.id),
      action,
      reason: edit.reason,
      ip: edit.actor.ip,
      at: Math.floor(now.getTime() / 1000),
      details: { user_id: user.id, user_email: user.email },
      before: Object.fromEntries(changed.map((field) => [field, current[field]])),
      after: Object.fromEntries(changed.map((field) => [field, changes[field] ?? null])),
    });
  };

  const setAvatar = async (id: number, relativePath: string, url: string, staffEdit?: StaffProfileEdit): Promise<User> => {
    const user = await requireUser(id);
    const now = clock.now();
    await inTransaction(db, async (trx) => {
      await updateUser(trx, id, { image: relativePath, image_url: url }, now);
      if (staffEdit) await auditStaffEdit(trx, staffEdit, user, { image_url: url }, 'merchant.avatar_updated', now);
    });
    return getUser(id);
  };

  /** What a report link is about, for the page that offers to report it (no address shown in full). */
  const describeContactChange = async (token: string) => {
    const change = await peekContactChange(db, token, clock.now());
    return {
      email_changed: change.oldEmail !== change.newEmail,
      phone_changed: change.oldPhone !== change.newPhone,
      changed_by: change.changedByUserId === null ? ('user' as const) : ('staff' as const),
      changed_at: Math.floor(change.createdAt.getTime() / 1000),
    };
  };

  /**
   * "This was not me": the e-mail and phone go back to what they were (while they are still what this change
   * set), every session ends and every open reset link is spent; the report is in the audit log for staff.
   */
  const reportContactChange = async (token: string, ip: string | null): Promise<{ restored: boolean }> => {
    const now = clock.now();
    const outcome = await inTransaction(db, async (trx) => {
      const change = await consumeContactChange(trx, token, now);
      const user = await findUserById(trx, change.userId);
      if (!user) throw new AppError('token_invalid');
      const stillCurrent = user.email === change.newEmail && user.phone === change.newPhone;
      const emailFree = change.oldEmail === user.email || !(await findUserByEmail(trx, change.oldEmail));
      const restored = stillCurrent && emailFree;
      if (restored) {
        await updateUser(trx, user.id, { email: change.oldEmail, phone: change.oldPhone, ...(change.oldEmail !== user.email ? { email_verified_at: now } : {}) }, now);
      }
      await spendOpenResetLinks(trx, user.id, now);
      await writeAudit(trx, {
        actorUserId: user.id,
        merchantId: await merchantIdOfUser(trx, user.id),
        action: 'account.contact_change_reported',
        ip,
        at: Math.floor(now.getTime() / 1000),
        details: { restored, changed_by_user_id: change.changedByUserId },
        before: { email: user.email, phone: user.phone },
        after: restored ? { email: change.oldEmail, phone: change.oldPhone } : null,
      });
      return { userId: user.id, restored };
    });
    await sessions.revokeAllOf(outcome.userId);
    return { restored: outcome.restored };
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

  return { getUser, accountKind, updateProfile, setAvatar, describeContactChange, reportContactChange, requestPasswordReset, describeResetToken, resetPassword, activate };
};
