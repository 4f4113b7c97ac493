import { STAFF_ROLES } from '@merchant-hub/domain';
import type { RoleName } from '@merchant-hub/domain';

/**
 * What the browser remembers about its session. The token itself lives only in the HttpOnly cookie the API
 * sets, out of reach of scripts; this record says whether one should exist and until when, so routes can be
 * gated before any request and a timer can log out at expiry (spec §4 Session).
 */
export type StoredSession = {
  userId: number;
  email: string;
  /** ISO time the session ends. */
  expiresAt: string;
  roleNames: RoleName[];
  /** Role names are trusted for 2 hours (spec §6), then re-read from the user. */
  roleNamesExpireAt: string;
};

export const SESSION_STORAGE_KEY = 'merchant-hub.session';

export type SessionStore = {
  read: () => StoredSession | null;
  /** The stored session, or null when there is none or it has expired (an expired one is removed). */
  active: () => StoredSession | null;
  save: (session: StoredSession) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
};

const isStoredSession = (value: unknown): value is StoredSession => {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.userId === 'number' &&
    typeof record.email === 'string' &&
    typeof record.expiresAt === 'string' &&
    Array.isArray(record.roleNames) &&
    typeof record.roleNamesExpireAt === 'string'
  );
};

export const createSessionStore = (
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage,
  now: () => number = Date.now,
): SessionStore => {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const read = (): StoredSession | null => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null');
      return isStoredSession(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  const clear = () => {
    try {
      storage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // nothing stored, nothing to clear
    }
    notify();
  };
  return {
    read,
    active: () => {
      const session = read();
      if (!session) return null;
      const ends = Date.parse(session.expiresAt);
      if (!Number.isFinite(ends) || ends <= now()) {
        clear();
        return null;
      }
      return session;
    },
    save: (session) => {
      try {
        storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      } catch {
        // The cookie still carries the session; gating then relies on the API's answers.
      }
      notify();
    },
    clear,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** The stored form of a sign-in answer (login, trial registration, merchant wizard). */
export const sessionFromLogin = (
  result: { user: { id: number; email: string }; expires_at: string; role_names?: RoleName[]; role_names_expires_in?: number; user_roles?: never },
  now: number = Date.now(),
  fallbackRoles: RoleName[] = ['main_user'],
): StoredSession => ({
  userId: result.user.id,
  email: result.user.email,
  expiresAt: result.expires_at,
  roleNames: result.role_names ?? fallbackRoles,
  roleNamesExpireAt: new Date(now + (result.role_names_expires_in ?? 7200) * 1000).toISOString(),
});

/** Spec §6: no roles, chat_store_staff alone, or the legacy `user` role cannot use the back office. */
export const rolesMayUseBackOffice = (roles: readonly RoleName[]): boolean =>
  roles.length > 0 && !roles.includes('user') && roles.some((role) => role !== 'chat_store_staff');

/** Support or superadmin: they work in the staff console, never on a merchant's screens. */
export const hasStaffRole = (roles: readonly RoleName[]): boolean => roles.some((role) => (STAFF_ROLES as readonly RoleName[]).includes(role));

/** Browsers cap timers at 2^31 − 1 ms (24.8 days); a longer wait would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const msUntilExpiry = (session: StoredSession, now: number = Date.now()): number =>
  Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(session.expiresAt) - now));
