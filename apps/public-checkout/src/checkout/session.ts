import type { RoleName } from '@merchant-hub/domain';

/**
 * The back office's record of a signed-in session (apps/merchant-backoffice `session-store.ts`): the token
 * itself is the HttpOnly cookie the ticket exchange set; this record tells the back office's gating that a
 * session exists and until when. Same origin, same key.
 */
export const SESSION_STORAGE_KEY = 'merchant-hub.session';

export type SignedInAnswer = { user: { id: number; email: string }; expires_at: string; role_names?: RoleName[]; role_names_expires_in?: number };

export const rememberSession = (answer: SignedInAnswer, storage: Pick<Storage, 'setItem'> = window.localStorage, now: number = Date.now()): void => {
  const record = {
    userId: answer.user.id,
    email: answer.user.email,
    expiresAt: answer.expires_at,
    roleNames: answer.role_names ?? ['main_user'],
    roleNamesExpireAt: new Date(now + (answer.role_names_expires_in ?? 7200) * 1000).toISOString(),
  };
  try {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // The cookie still signs the buyer in; the back office then learns it from its first call.
  }
};

/** Spec §2 gating: a signed-in visitor has nothing to buy here and goes to billing. */
export const hasActiveSession = (storage: Pick<Storage, 'getItem'> = window.localStorage, now: number = Date.now()): boolean => {
  try {
    const parsed = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { expiresAt?: unknown } | null;
    return typeof parsed?.expiresAt === 'string' && Date.parse(parsed.expiresAt) > now;
  } catch {
    return false;
  }
};

/** Where the back office shows billing (spec §2: /home/dashboard is also the billing route). */
export const BILLING_PATH = '/home/dashboard';
/** Where a buyer lands once signed in. */
export const HOME_PATH = '/';
export const SIGN_IN_PATH = '/signin';
