import type { StaffInviteOutput, StaffMember, StaffRole } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { DomainError } from '../../domain-error';
import { findUserByEmail, insertUser, issueUserToken } from '../accounts';
import { revokeAllSessionsOf } from '../sessions';
import { writeAudit } from '../audit';
import { inviteEmail } from './team.emails';
import {
  findStaff,
  INVITE_TTL_SECONDS,
  INVITED_PASSWORD_HASH,
  listStaff,
  lockStaffChanges,
  otherActiveSuperadmins,
  setStaffRole,
  setUserStatus,
  stretchInviteToken,
  type StaffRecord,
} from './team.repository';

export type TeamActor = { userId: number; role: StaffRole; ip: string | null; reason: string };

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

const toDto = (record: StaffRecord): StaffMember => ({
  id: record.id,
  name: record.name,
  email: record.email,
  role: record.role,
  status: record.status,
  last_sign_in_at: record.lastSignInAt ? seconds(record.lastSignInAt) : null,
  created_at: seconds(record.createdAt),
});

/** Staff accounts (superadmin only): invite, change role, deactivate; each change audited in its transaction. */
export const createTeamService = (deps: AppDeps) => {
  const { db, clock, config, notifier } = deps;

  /** The change and its audit entry commit together; a refusal is logged as `refused` on its own. */
  const audited = async <T>(
    actor: TeamActor,
    action: string,
    change: (tx: Knex.Transaction) => Promise<{ result: T; before?: Record<string, unknown>; after?: Record<string, unknown> }>,
  ): Promise<T> => {
    const base = { actorUserId: actor.userId, merchantId: null, action, ip: actor.ip, actorRole: actor.role, reason: actor.reason };
    try {
      return await db.transaction(async (tx) => {
        const done = await change(tx);
        await writeAudit(tx, { ...base, at: seconds(clock.now()), before: done.before ?? null, after: done.after ?? null });
        return done.result;
      });
    } catch (error) {
      if (error instanceof DomainError) await writeAudit(db, { ...base, at: seconds(clock.now()), outcome: 'refused', errorCode: error.code });
      throw error;
    }
  };

  const requireStaff = async (tx: Knex.Transaction, userId: number): Promise<StaffRecord> => {
    const member = await findStaff(tx, userId);
    if (!member) throw new AppError('not_found');
    return member;
  };

  /** Removing `member` from the active superadmins must leave at least one. */
  const assertAnotherSuperadmin = async (tx: Knex.Transaction, member: StaffRecord): Promise<void> => {
    if (member.role !== 'superadmin' || member.status === 'deactivated') return;
    if ((await otherActiveSuperadmins(tx, member.id)) === 0) throw new AppError('last_superadmin');
  };

  const list = async (): Promise<{ data: StaffMember[] }> => ({ data: (await listStaff(db)).map(toDto) });

  const invite = async (actor: TeamActor, input: StaffInviteOutput): Promise<{ data: StaffMember; message: string }> => {
    const now = clock.now();
    const { member, token } = await audited(actor, 'staff.invited', async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw new AppError('email_taken', { details: { fields: { email: 'errors:register.emailAlreadySignUp' } } });
      const id = await insertUser(tx, {
        name: input.name,
        firstName: '',
        lastName: '',
        email: input.email,
        passwordHash: INVITED_PASSWORD_HASH,
        phone: null,
        lineId: null,
        locale: input.locale,
        countryId: null,
        status: 'active',
        emailVerifiedAt: null,
        roles: [input.role],
        now,
      });
      const issued = await issueUserToken(tx, 'password_reset_tokens', id, now);
      await stretchInviteToken(tx, issued, now);
      const created = await requireStaff(tx, id);
      return { result: { member: created, token: issued }, after: { staff_user_id: id, email: input.email, role: input.role, locale: input.locale } };
    });
    const email = inviteEmail(input.locale, { name: input.name, role: input.role, link: `${config.publicUrl}/reset-password/${token}`, days: INVITE_TTL_SECONDS / 86400 });
    try {
      await notifier.send({ channel: 'email', to: input.email, subject: email.subject, text: email.text, kind: 'staff_invite' });
    } catch {
      throw new AppError('fail_to_send_email');
    }
    return { data: toDto(member), message: 'Invitation sent' };
  };

  const changeRole = async (actor: TeamActor, userId: number, role: StaffRole): Promise<{ data: StaffMember }> =>
    audited(actor, 'staff.role_changed', async (tx) => {
      await lockStaffChanges(tx);
      const member = await requireStaff(tx, userId);
      if (member.role === 'superadmin' && role !== 'superadmin') await assertAnotherSuperadmin(tx, member);
      if (member.role !== role) await setStaffRole(tx, userId, role);
      return { result: { data: toDto(await requireStaff(tx, userId)) }, before: { staff_user_id: userId, role: member.role }, after: { staff_user_id: userId, role } };
    });

  const deactivate = async (actor: TeamActor, userId: number): Promise<{ data: StaffMember }> =>
    audited(actor, 'staff.deactivated', async (tx) => {
      await lockStaffChanges(tx);
      const member = await requireStaff(tx, userId);
      await assertAnotherSuperadmin(tx, member);
      const now = clock.now();
      await setUserStatus(tx, userId, 'deactivated', now);
      // Their sessions end with the same commit: the next request they make is refused.
      await revokeAllSessionsOf(tx, userId, now);
      return { result: { data: toDto(await requireStaff(tx, userId)) }, before: { staff_user_id: userId, status: member.status }, after: { staff_user_id: userId, status: 'deactivated' } };
    });

  /** Undoes a deactivation (issue 27 §8): the member signs in again with the role they had. */
  const reactivate = async (actor: TeamActor, userId: number): Promise<{ data: StaffMember }> =>
    audited(actor, 'staff.reactivated', async (tx) => {
      await lockStaffChanges(tx);
      const member = await requireStaff(tx, userId);
      if (member.status !== 'deactivated') throw new AppError('staff_not_deactivated');
      await setUserStatus(tx, userId, 'active', clock.now());
      const after = await requireStaff(tx, userId);
      return { result: { data: toDto(after) }, before: { staff_user_id: userId, status: member.status }, after: { staff_user_id: userId, status: after.status } };
    });

  return { list, invite, changeRole, deactivate, reactivate };
};
