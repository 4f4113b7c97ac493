import { newIdempotencyKey } from '@merchant-hub/api-client';
import { useRef } from 'react';

/**
 * One key per user action: submitting the same body again (a double click, a retry after a timeout) reuses the
 * key, so the API makes one change; a changed body is a new action and gets a new key.
 */
export const useIdempotencyKey = () => {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (last.current?.body !== serialized) last.current = { body: serialized, key: newIdempotencyKey() };
    return last.current.key;
  };
};
