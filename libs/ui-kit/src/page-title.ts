import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A tab's title: the page, then the product (`Billing · Merchant Hub`); the product alone without a page. */
export const pageTitleText = (title: string | undefined, appName: string): string => (title ? `${title} · ${appName}` : appName);

/** Names the browser tab after the page, then the product: `Billing · Merchant Hub`. */
export const usePageTitle = (title?: string): void => {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = pageTitleText(title, appName);
  }, [title, appName]);
};
