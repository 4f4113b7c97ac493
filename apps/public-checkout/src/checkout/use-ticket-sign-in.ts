import { useTicketSignIn } from '@merchant-hub/api-client';
import { clearDrafts } from './checkout-draft';
import { pageLocation } from './page-location';
import { HOME_PATH, rememberSession } from './session';

/** Exchanges a single-use ticket for the session cookie, records it for the back office and goes home. */
export const useSignInAndGoHome = (onFailure: (error: Error) => void) => {
  const signIn = useTicketSignIn({
    onSuccess: (answer) => {
      rememberSession(answer);
      clearDrafts();
      pageLocation.assign(HOME_PATH);
    },
    onError: onFailure,
  });
  return { signIn: (ticket: string) => signIn.mutate(ticket), isPending: signIn.isPending };
};
