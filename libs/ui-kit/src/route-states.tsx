import { Button, Container } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from './error-state';
import { PageLoader } from './page-loader';
import { usePageTitle } from './page-title';
import { isStaleChunkError, reloadOnceForStaleChunk } from './stale-chunk';

/** Shown while a lazy route's code loads for the first time (the router's hydrate fallback). */
export const RouteLoader = () => {
  const { t } = useTranslation('common');
  return <PageLoader label={t('status.loading')} />;
};

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

/** Error element of the routes: a 404 reads as not found, a stale chunk reloads, anything else offers a retry. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation(['common', 'errors']);
  const staleChunk = isStaleChunkError(error);
  const [reloadRefused, setReloadRefused] = useState(false);
  useEffect(() => {
    if (staleChunk && !reloadOnceForStaleChunk(error)) setReloadRefused(true);
  }, [error, staleChunk]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (staleChunk && !reloadRefused) return <RouteLoader />;
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
