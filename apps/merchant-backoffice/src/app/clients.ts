import { notifications } from '@mantine/notifications';
import { createHttpClient, createQueryClient, errorMessageKeys, fetchInOwnTask } from '@merchant-hub/api-client';
import { textsOfFailures } from '@merchant-hub/ui-kit';
import type { i18n as I18nInstance } from 'i18next';
import { messageValuesOf } from './error-keys';
import type { SessionStore } from './session-store';

/**
 * The HTTP and query clients of the back office's two entries (main.tsx, guest-main.tsx). A failed call reports
 * once the texts that describe it are in (signed out, they come after the first render), as a notification
 * unless the call handles its error. Spec §2: a 401 anywhere means the session is gone: it is forgotten, with
 * every cached answer, and `toSignIn` shows sign-in.
 */
export const createBackOfficeClients = ({ session, texts, toSignIn }: { session: SessionStore; texts: Promise<I18nInstance>; toSignIn: () => void }) => {
  const httpClient = createHttpClient({ fetch: fetchInOwnTask, beforeFailing: () => texts.then(textsOfFailures) });
  const queryClient = createQueryClient({
    // The first calls may run while the texts download: a message waits for them.
    onError: (error) =>
      void texts.then((i18n) => notifications.show({ color: 'red', message: i18n.t(errorMessageKeys(error), messageValuesOf(error)) })),
    onUnauthorized: () => {
      session.clear();
      queryClient.clear();
      toSignIn();
    },
  });
  return { httpClient, queryClient };
};
