import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page, then the product: `Billing · Merchant Hub`. */
export const usePageTitle = (title?: string): void => {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
};
