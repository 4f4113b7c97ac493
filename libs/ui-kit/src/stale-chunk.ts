import { useEffect, useState } from 'react';

// Messages browsers give when a lazily imported route chunk is gone (Chrome, Safari, Firefox).
const STALE_CHUNK_MESSAGES = [
  'failed to fetch dynamically imported module',
  'importing a module script failed',
  'error loading dynamically imported module',
];

const RELOAD_STAMP_KEY = 'merchant-hub.chunk-reload-at';
// A second failure within this window means a reload did not help; show the error instead of looping.
const RELOAD_GUARD_MS = 10_000;

export const isStaleChunkError = (error: unknown): boolean =>
  error instanceof Error && STALE_CHUNK_MESSAGES.some((message) => error.message.toLowerCase().includes(message));

export type ReloadEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
};

/**
 * After a deploy, an open tab asks for chunk names that no longer exist. Reloading fetches the new build
 * (spec §8: a script chunk load failure reloads the page). Returns whether a reload was started.
 */
export const reloadOnceForStaleChunk = (
  error: unknown,
  env: ReloadEnvironment = { storage: window.sessionStorage, reload: () => window.location.reload(), now: Date.now },
): boolean => {
  if (!isStaleChunkError(error)) return false;
  const last = Number(env.storage.getItem(RELOAD_STAMP_KEY) ?? 0);
  if (env.now() - last < RELOAD_GUARD_MS) return false;
  env.storage.setItem(RELOAD_STAMP_KEY, String(env.now()));
  env.reload();
  return true;
};

/** Reloads once when the bundler reports a chunk it could not preload (Vite's `vite:preloadError`): see above. */
export const reloadOnStaleChunks = (): void =>
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForStaleChunk((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });

/**
 * For a view of `error`: whether a reload for a stale chunk is under way (then the view shows a loader), started
 * after the render; false when the error is another or a reload did not help.
 */
export const useReloadForStaleChunk = (error: unknown): boolean => {
  const staleChunk = isStaleChunkError(error);
  const [reloadRefused, setReloadRefused] = useState(false);
  useEffect(() => {
    if (staleChunk && !reloadOnceForStaleChunk(error)) setReloadRefused(true);
  }, [error, staleChunk]);
  return staleChunk && !reloadRefused;
};
