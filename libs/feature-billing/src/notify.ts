import { notifications } from '@mantine/notifications';
import { authenticationRedirectOf, declineKeyOf, errorMessageKeys, errorValuesOf, isApiError } from '@merchant-hub/api-client';
import { useTranslation } from 'react-i18next';

/** The text to show for a failed call in the page's language: a card refusal by its decline code, else the API key's text. */
export const useErrorText = () => {
  const { t } = useTranslation(['billing', 'errors']);
  return (error: unknown, fallbackKey?: string): string => {
    // A card refusal the API names by its decline code reads in the page's language; any other by its error key
    // (issue 31 #5: never the provider's English).
    const decline = declineKeyOf(error);
    if (decline) return t(decline);
    if (!isApiError(error) && error instanceof Error && error.message) return error.message;
    const keys = errorMessageKeys(error);
    // A screen-specific text (spec §8: 'Fail to update info'…) beats the generic one for the HTTP status.
    return t(fallbackKey && keys.length === 1 ? [fallbackKey, ...keys] : fallbackKey ? [keys[0], fallbackKey] : keys, errorValuesOf(error));
  };
};

/** The browser's address bar, behind an object so tests can watch where the page sends the merchant. */
export const browserLocation = { assign: (url: string): void => window.location.assign(url) };

export const useNotify = () => {
  const errorText = useErrorText();
  const { t } = useTranslation('errors');
  return {
    success: (message: string) => notifications.show({ color: 'green', message }),
    /** A charge waiting for 3-D Secure is not a failure: the merchant goes to the bank's page instead. */
    error: (error: unknown, options: { title?: string; fallbackKey?: string } = {}) => {
      const authentication = authenticationRedirectOf(error);
      if (authentication) {
        notifications.show({ color: 'blue', message: t('errors:billing.authenticationRequired') });
        browserLocation.assign(authentication.url);
        return;
      }
      notifications.show({ color: 'red', title: options.title, message: errorText(error, options.fallbackKey) });
    },
    text: (message: string, color: 'red' | 'green' = 'red') => notifications.show({ color, message }),
  };
};
