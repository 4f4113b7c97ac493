/**
 * The staff console shares its origin with the back office: sign-in, and a merchant's own home, are pages of
 * that other app, so reaching them is a full page load. One function, so tests can stand in for the browser.
 */
export const leaveApp = (url: string): void => window.location.replace(url);

/** The back office's sign-in; `from` brings staff back to the console page they were on. */
export const signInUrl = (from?: string): string => (from ? `/signin?from=${encodeURIComponent(from)}` : '/signin');

/** Where the back office keeps what the browser knows of its session (same origin, so the console reads it too). */
const SESSION_STORAGE_KEY = 'merchant-hub.session';

/** When the stored session ends (ms since epoch), or null when none is stored. */
export const storedSessionEnd = (storage: Pick<Storage, 'getItem'> = window.localStorage): number | null => {
  try {
    const parsed = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { expiresAt?: unknown } | null;
    const ends = typeof parsed?.expiresAt === 'string' ? Date.parse(parsed.expiresAt) : Number.NaN;
    return Number.isFinite(ends) ? ends : null;
  } catch {
    return null;
  }
};

export const forgetStoredSession = (storage: Pick<Storage, 'removeItem'> = window.localStorage): void => {
  try {
    storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to forget
  }
};
