import { staffRoleOf } from '@merchant-hub/domain';
import { STAFF_ROLE_VALUES, type StaffRole } from '@merchant-hub/validation';
import type { Knex } from 'knex';
import { addSeconds } from '../../clock';
import { asDate, asDateOrNull } from '../../db/knex';
import { lockForUpdate, num } from '../../db/rows';
import { sha256Hex } from '../../security/crypto';

type Exec = Knex | Knex.Transaction;

/** An invitee's password hash until they choose one: no password verifies against it. */
export const INVITED_PASSWORD_HASH = '!invited';
/** An invitation link lives a week (a reset link, stretched: the invitee may not read mail within the hour). */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

export type StaffRecord = {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  status: 'active' | 'invited' | 'deactivated';
  lastSignInAt: Date | null;
  createdAt: Date;
};

const staffQuery = (db: Exec) =>
  db('users as u')
    .join('user_roles as ur', 'ur.user_id', 'u.id')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('r.name', [...STAFF_ROLE_VALUES])
    .select('u.id', 'u.name', 'u.email', 'u.status', 'u.password_hash', 'u.created_at', 'r.name as role')
    .select(db.raw('(select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in_at'));

const toRecord = (rows: Record<string, unknown>[]): StaffRecord[] => {
  const byId = new Map<number, StaffRecord>();
  for (const row of rows) {
    const id = num(row.id);
    const seen = byId.get(id);
    // A user holding several staff roles is shown with the strongest (superadmin, then support, then readonly).
    const role = staffRoleOf([String(row.role), ...(seen ? [seen.role] : [])]) ?? 'support';
    if (seen && seen.role === role) continue;
    byId.set(id, {
      id,
      name: String(row.name),
      email: String(row.email),
      role,
      status: row.status === 'deactivated' ? 'deactivated' : row.password_hash === INVITED_PASSWORD_HASH ? 'invited' : 'active',
      lastSignInAt: asDateOrNull(row.last_sign_in_at),
      createdAt: asDate(row.created_at),
    });
  }
  return [...byId.values()];
};

export const listStaff = async (db: Exec): Promise<StaffRecord[]> => toRecord(await staffQuery(db).orderBy('u.id', 'asc'));

export const findStaff = async (db: Exec, userId: number): Promise<StaffRecord | null> => toRecord(await staffQuery(db).where('u.id', userId))[0] ?? null;

/**
 * Serialises every change of staff roles and statuses: on PostgreSQL the `superadmin` role row is locked for
 * the transaction, so two requests cannot each see "another superadmin remains" and both remove one.
 * SQLite has a single writer already.
 */
export const lockStaffChanges = async (tx: Knex.Transaction): Promise<void> => {
  await lockForUpdate(tx, tx('roles').where({ name: 'superadmin' }).first('id'));
};

/** Active superadmins other than `exceptUserId`. */
export const otherActiveSuperadmins = async (tx: Exec, exceptUserId: number): Promise<number> => {
  const row = await tx('users as u')
    .join('user_roles as ur', 'ur.user_id', 'u.id')
    .join('roles as r', 'r.id', 'ur.role_id')
    .where('r.name', 'superadmin')
    .whereNot('u.status', 'deactivated')
    .whereNot('u.id', exceptUserId)
    .countDistinct({ n: 'u.id' })
    .first();
  return num(row?.n ?? 0);
};

export const setStaffRole = async (tx: Exec, userId: number, role: StaffRole): Promise<void> => {
  const roleIds = await tx('roles').whereIn('name', [...STAFF_ROLE_VALUES]).select('id', 'name');
  await tx('user_roles').where({ user_id: userId }).whereIn('role_id', roleIds.map((row) => num(row.id))).delete();
  const wanted = roleIds.find((row) => row.name === role);
  if (!wanted) throw new Error(`role ${role} is not seeded`);
  await tx('user_roles').insert({ user_id: userId, role_id: num(wanted.id) });
};

export const setUserStatus = async (tx: Exec, userId: number, status: 'active' | 'deactivated', now: Date): Promise<void> => {
  await tx('users').where({ id: userId }).update({ status, updated_at: now });
};

export const stretchInviteToken = async (tx: Exec, token: string, now: Date): Promise<void> => {
  await tx('password_reset_tokens').where({ token_hash: sha256Hex(token) }).update({ expires_at: addSeconds(now, INVITE_TTL_SECONDS) });
};
