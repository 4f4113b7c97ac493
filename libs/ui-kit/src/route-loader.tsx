import { useTranslation } from 'react-i18next';
import { PageLoader } from './page-loader';

/** Shown while a lazy route's code loads for the first time (the router's hydrate fallback). */
export const RouteLoader = () => {
  const { t } = useTranslation('common');
  return <PageLoader label={t('status.loading')} />;
};
