import { useTicketSignIn } from '@merchant-hub/api-client';
import { HOME_PATH, rememberSession } from './session';

/** Exchanges a single-use ticket for the session cookie, records it for the back office and goes home. */
export const useSignInAndGoHome = (onFailure: (error: Error) => void) => {
  const signIn = useTicketSignIn({
    onSuccess: (answer) => {
      rememberSession(answer);
      window.location.assign(HOME_PATH);
    },
    onError: onFailure,
  });
  return { signIn: (ticket: string) => signIn.mutate(ticket), isPending: signIn.isPending };
};
