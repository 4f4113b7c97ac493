import type { Exec } from '../../db/rows';

// The trial sign-up's registrations (between the first form and the verified code) and merchant-wizard links.

export type RegistrationRow = Record<string, unknown> & { id: number; email: string; mobile_no: unknown };

export const findRegistration = async (exec: Exec, email: string): Promise<RegistrationRow | undefined> =>
  exec('trial_registrations').where({ email: email.trim().toLowerCase() }).first();

/** The first form's answers, replacing an earlier attempt with the same e-mail. */
export const saveRegistration = async (exec: Exec, existingId: number | null, row: Record<string, unknown>, email: string, now: Date): Promise<void> => {
  if (existingId !== null) await exec('trial_registrations').where({ id: existingId }).update(row);
  else await exec('trial_registrations').insert({ ...row, email, created_at: now });
};

export const markRegistrationVerified = async (exec: Exec, id: number, at: Date): Promise<void> => {
  await exec('trial_registrations').where({ id }).update({ verified_at: at, updated_at: at });
};

export const markRegistrationCompleted = async (exec: Exec, id: number, at: Date): Promise<void> => {
  await exec('trial_registrations').where({ id }).update({ completed_at: at, updated_at: at });
};

export const insertMerchantCreationToken = async (
  exec: Exec,
  token: { email: string; firstName: string; lastName: string; tokenHash: string; createdBy: number | null; createdAt: Date; expiresAt: Date },
): Promise<void> => {
  await exec('merchant_creation_tokens').insert({
    email: token.email,
    first_name: token.firstName,
    last_name: token.lastName,
    token_hash: token.tokenHash,
    created_by_user_id: token.createdBy,
    created_at: token.createdAt,
    expires_at: token.expiresAt,
  });
};
