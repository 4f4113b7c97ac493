import type { LoginResult } from '@merchant-hub/api-client';
import { queryKeys } from '@merchant-hub/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { sessionFromLogin } from './session-store';
import type { SessionStore } from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

export const SessionProvider = ({ store, children }: { store: SessionStore; children: ReactNode }) => (
  <SessionContext value={store}>{children}</SessionContext>
);

export const useSessionStore = (): SessionStore => {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
};

/** Remembers a fresh sign-in (login, trial registration, merchant wizard) and primes the current user. */
export const useStartSession = () => {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return (result: LoginResult) => {
    store.save(sessionFromLogin(result));
    queryClient.setQueryData(queryKeys.user.current(), result.user);
  };
};

/** Forgets the session locally: stored record and every cached answer of that user. */
export const useEndSession = () => {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return () => {
    store.clear();
    queryClient.clear();
  };
};
