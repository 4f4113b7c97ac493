import { Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse } from 'react-router';
import { ErrorState } from './error-state';
import { usePageTitle } from './page-title';
import { RouteLoader } from './route-loader';
import { useReloadForStaleChunk } from './stale-chunk';

/** A real 404 inside the app: says so and links to the app's home (`/` below the router's basename). */
export const NotFoundPage = () => {
  const { t } = useTranslation(['common', 'errors']);
  const title = t('common:page.notFound');
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={title}
        description={t('errors:general.notFound')}
        action={
          <Button component={Link} to="/" variant="default">
            {t('common:action.back')}
          </Button>
        }
      />
    </Container>
  );
};

/** What a route that failed shows: a 404 reads as not found, a stale chunk reloads, anything else offers a retry. */
export const RouteErrorView = ({ error }: { error: unknown }) => {
  const { t } = useTranslation(['common', 'errors']);
  const reloading = useReloadForStaleChunk(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) return <RouteLoader />;
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={t('common:status.error')}
        description={t('errors:general.tryAgain')}
        onRetry={() => window.location.reload()}
        retryLabel={t('common:action.retry')}
      />
    </Container>
  );
};
